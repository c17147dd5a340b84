import 'filepond/dist/filepond.min.css';
import 'filepond-plugin-image-preview/dist/filepond-plugin-image-preview.min.css';
import { ACCEPTED_FILE_TYPES, LIMITS, routeIndex, XSRF_HEADER } from '@kinfolio/contract';
import { FileStatus, type FilePondFile, type FilePondErrorDescription } from 'filepond';
import FilePondPluginFileValidateSize from 'filepond-plugin-file-validate-size';
import FilePondPluginFileValidateType from 'filepond-plugin-file-validate-type';
import FilePondPluginImagePreview from 'filepond-plugin-image-preview';
import { useEffect, useMemo, useRef } from 'react';
import { FilePond, registerPlugin } from 'react-filepond';
import { useTranslation } from '@/shared/i18n/react';
import { ensureCsrfCookie } from '@/shared/api/client';
import { readXsrfToken } from '@/shared/api/cookies';
import { currentLanguage } from '@/shared/i18n';
import { useFilePondLabels } from './filePondLabels';

registerPlugin(
  FilePondPluginImagePreview,
  FilePondPluginFileValidateType,
  FilePondPluginFileValidateSize,
);

export interface UploadState {
  /** FilePond server ids of the finished uploads, for `addfilepond`. */
  serverIds: string[];
  /** Some files are still uploading: saving now would leave them out. */
  busy: boolean;
}

const BUSY = new Set<FileStatus>([
  FileStatus.INIT,
  FileStatus.IDLE,
  FileStatus.LOADING,
  FileStatus.PROCESSING_QUEUED,
  FileStatus.PROCESSING,
]);

function stateOf(files: FilePondFile[]): UploadState {
  return {
    serverIds: files
      .filter((f) => f.status === FileStatus.PROCESSING_COMPLETE && f.serverId)
      .map((f) => f.serverId),
    busy: files.some((f) => BUSY.has(f.status)),
  };
}

/** The server's `{message}` (localised) as FilePond's error text. */
function serverMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON: FilePond shows its own label
  }
  return '';
}

/**
 * A FilePond drop zone speaking FilePond's server protocol with our routes: each file is uploaded
 * at once as a temporary upload, and removing it reverts the upload. The parent attaches the
 * server ids when the item is saved.
 */
export default function FileDropZone({
  onChange,
  inputId,
  accept = ACCEPTED_FILE_TYPES,
}: {
  onChange: (state: UploadState) => void;
  /** The id of the file input, for the field's label. */
  inputId: string;
  /** MIME types (or `audio/*`) offered and checked before uploading; default: all the server takes. */
  accept?: readonly string[];
}) {
  const { t } = useTranslation('archive');
  const labels = useFilePondLabels();
  const pond = useRef<FilePond>(null);
  useEffect(() => {
    // The upload requests carry the XSRF cookie's value: make sure there is one.
    void ensureCsrfCookie().catch(() => undefined);
  }, []);
  const server = useMemo(() => {
    // A function, so each request reads the current token and language. FilePond calls it
    // (filepond.esm.js, `action.headers(…)`), though its types only declare an object.
    const headers = (() => ({
      [XSRF_HEADER]: readXsrfToken() ?? '',
      'Accept-Language': currentLanguage(),
      'X-Requested-With': 'XMLHttpRequest',
    })) as unknown as Record<string, string>;
    return {
      process: {
        url: routeIndex.filepondProcess[1],
        method: routeIndex.filepondProcess[0],
        withCredentials: true,
        headers,
        onerror: serverMessage,
      },
      revert: {
        url: routeIndex.filepondRevert[1],
        method: routeIndex.filepondRevert[0],
        withCredentials: true,
        headers,
      },
    };
  }, []);
  // `onupdatefiles` does not fire when an upload ends: every event re-reads the whole pond.
  const report = () => onChange(stateOf(pond.current?.getFiles() ?? []));
  return (
    <FilePond
      ref={pond}
      {...labels}
      id={inputId}
      name="filepond"
      allowMultiple
      credits={false}
      server={server}
      acceptedFileTypes={[...accept]}
      maxFileSize={`${LIMITS.uploadMaxBytes / 1024 / 1024}MB`}
      imagePreviewMaxHeight={160}
      labelFileProcessingError={(error: FilePondErrorDescription) =>
        (typeof error.body === 'string' && error.body) || t('files.pond.processingError')
      }
      onupdatefiles={report}
      onprocessfilestart={report}
      onprocessfile={report}
      onprocessfileabort={report}
      onprocessfilerevert={report}
    />
  );
}
