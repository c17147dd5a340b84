// Encodes one input as the MP3 job does, printing its progress: a process for a test to kill.
import fs from 'node:fs';
import { encodeMp3 } from '../mp3.js';

const [input = '', output = ''] = process.argv.slice(2);
void encodeMp3({
  inputs: [input],
  tags: { title: 'kill test', owner: 'test', date: '', people: [] },
  output: fs.createWriteStream(output),
  onProgress: (fraction) => console.log(`progress ${fraction}`),
});
