import { useTranslation } from '@/shared/i18n/react';

const BROWSE = '\u0000browse\u0000';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** FilePond's own wording (labels, buttons, validation), in the interface language. */
export function useFilePondLabels() {
  const { t } = useTranslation('archive');
  return {
    // FilePond renders labelIdle as HTML (the span is its "browse" link); the wording may be a
    // site translation typed by a user, so it goes in escaped.
    labelIdle: escapeHtml(t('files.pond.idle', { browse: BROWSE })).replace(
      BROWSE,
      `<span class="filepond--label-action">${escapeHtml(t('files.pond.browse'))}</span>`,
    ),
    labelInvalidField: t('files.pond.invalidField'),
    labelFileWaitingForSize: t('files.pond.waitingForSize'),
    labelFileSizeNotAvailable: t('files.pond.sizeNotAvailable'),
    labelFileLoading: t('files.pond.loading'),
    labelFileLoadError: t('files.pond.loadError'),
    labelFileProcessing: t('files.pond.processing'),
    labelFileProcessingComplete: t('files.pond.processingComplete'),
    labelFileProcessingAborted: t('files.pond.processingAborted'),
    labelFileProcessingRevertError: t('files.pond.revertError'),
    labelFileRemoveError: t('files.pond.removeError'),
    labelTapToCancel: t('files.pond.tapToCancel'),
    labelTapToRetry: t('files.pond.tapToRetry'),
    labelTapToUndo: t('files.pond.tapToUndo'),
    labelButtonRemoveItem: t('files.pond.remove'),
    labelButtonAbortItemLoad: t('files.pond.abort'),
    labelButtonRetryItemLoad: t('files.pond.retry'),
    labelButtonAbortItemProcessing: t('files.pond.cancel'),
    labelButtonUndoItemProcessing: t('files.pond.undo'),
    labelButtonRetryItemProcessing: t('files.pond.retry'),
    labelButtonProcessItem: t('files.pond.upload'),
    labelMaxFileSizeExceeded: t('files.pond.tooLarge'),
    labelMaxFileSize: t('files.pond.maxSize', { size: '{filesize}' }),
    labelFileTypeNotAllowed: t('files.pond.typeNotAllowed'),
    fileValidateTypeLabelExpectedTypes: t('files.pond.expectedTypes'),
    labelFileSizeBytes: t('files.pond.bytes'),
    labelFileSizeKilobytes: t('files.pond.kilobytes'),
    labelFileSizeMegabytes: t('files.pond.megabytes'),
    labelFileSizeGigabytes: t('files.pond.gigabytes'),
  };
}
