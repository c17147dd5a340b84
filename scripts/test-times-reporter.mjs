// A Vitest reporter that adds, after the run, where its time went: per project, the span from its
// first file's start to its last file's end and the files' own times added up (their sum exceeds
// the span when files ran side by side), then the slowest files. CI adds it beside the default
// reporter (`--reporter=default --reporter=./scripts/test-times-reporter.mjs`).
import path from 'node:path';

const SLOWEST = 15;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

export default class TestTimesReporter {
  /** @type {Map<string, { project: string, file: string, start: number, end?: number }>} */
  modules = new Map();
  root = process.cwd();

  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestModuleQueued(testModule) {
    this.modules.set(testModule.id, {
      project: testModule.project.name || 'default',
      file: path.relative(this.root, testModule.moduleId),
      start: performance.now(),
    });
  }

  onTestModuleEnd(testModule) {
    const entry = this.modules.get(testModule.id);
    if (entry) entry.end = performance.now();
  }

  onTestRunEnd() {
    const done = [...this.modules.values()].filter((entry) => entry.end !== undefined);
    if (done.length === 0) return;
    const projects = new Map();
    for (const entry of done) {
      const project = projects.get(entry.project) ?? { files: 0, sum: 0, first: Infinity, last: 0 };
      project.files += 1;
      project.sum += entry.end - entry.start;
      project.first = Math.min(project.first, entry.start);
      project.last = Math.max(project.last, entry.end);
      projects.set(entry.project, project);
    }
    const lines = ['', 'Time per project (span from first start to last end; files added up):'];
    for (const [name, p] of [...projects].sort((a, b) => b[1].sum - a[1].sum)) {
      lines.push(
        `  ${name.padEnd(18)} ${String(p.files).padStart(4)} files  span ${seconds(p.last - p.first).padStart(8)}  files ${seconds(p.sum).padStart(8)}`,
      );
    }
    lines.push(`Slowest ${SLOWEST} files (start of import to end of last hook):`);
    for (const entry of done
      .sort((a, b) => b.end - b.start - (a.end - a.start))
      .slice(0, SLOWEST)) {
      lines.push(
        `  ${seconds(entry.end - entry.start).padStart(8)}  ${entry.project.padEnd(16)} ${entry.file}`,
      );
    }
    console.log(lines.join('\n'));
  }
}
