import { queryOptions } from '@tanstack/react-query';
import type { FileText } from '@kinfolio/contract';
import { call } from '@/shared/api/call';
import { fetchOptions } from '@/shared/query/preload';
import { mutationHook } from '@/shared/query/mutation';

export const scanTextKeys = {
  text: (fileId: number) => ['scan-text', fileId] as const,
};

/** The text read from a scan; asked again every few seconds while it is still being read. */
export const scanTextQuery = (fileId: number) =>
  queryOptions({
    queryKey: scanTextKeys.text(fileId),
    queryFn: (context) =>
      call(
        'fileText',
        { params: { id: fileId } },
        { ...fetchOptions(context), background: true, silent: true },
      ),
    staleTime: 0,
    refetchInterval: (query) =>
      (query.state.data as FileText | undefined)?.status === 'pending' ? 4000 : false,
  });

/** Saves a person's correction; the answer is the text's new state. */
export const useCorrectScanText = mutationHook(
  ({ fileId, text }: { fileId: number; text: string }) =>
    call('fileTextUpdate', { params: { id: fileId }, body: { text } }),
  ({ fileId }) => [scanTextKeys.text(fileId)],
  (queryClient, answer, { fileId }) =>
    queryClient.setQueryData(scanTextKeys.text(fileId), answer.text),
);

/** The text as paragraphs of HTML for an item's content (escaped; a blank line parts them). */
export function textAsContent(text: string): string {
  const escape = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escape(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
