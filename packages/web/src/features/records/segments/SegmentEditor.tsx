import { TagsInput, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  RECORD_SEGMENT_LIMITS,
  recordSegmentUpdateBody,
  type RecordSegment,
  type RecordSegmentUpdateBody,
} from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { textDir } from '@/shared/content/direction';
import { useServerForm } from '@/shared/forms/useServerForm';
import { zodValidate } from '@/shared/forms/validation';
import { ParticipantsInput } from '@/shared/kit/ParticipantsInput';
import { Dialog, DialogForm } from '@/shared/ui';
import { clock } from '../timeCodes';
import { useUpdateSegment } from './api';

type Values = {
  title: string;
  start: string;
  synopsis: string;
  keywords: string[];
  participants: string[];
  transcript: string;
};

const valuesOf = (segment: RecordSegment): Values => ({
  title: segment.title,
  start: segment.time_code,
  synopsis: segment.synopsis,
  keywords: segment.keywords,
  participants: segment.participants.map((person) => String(person.id)),
  transcript: segment.transcript,
});

/** Only what changed is sent: an untouched start is not moved by its rounding to the second. */
function changesOf(values: Values, segment: RecordSegment): RecordSegmentUpdateBody {
  const before = valuesOf(segment);
  const body: Record<string, unknown> = {};
  if (values.title !== before.title) body.title = values.title;
  if (values.start.trim() !== before.start) body.start = values.start.trim();
  if (values.synopsis !== before.synopsis) body.synopsis = values.synopsis;
  if (values.transcript !== before.transcript) body.transcript = values.transcript;
  if (values.keywords.join('\n') !== before.keywords.join('\n')) body.keywords = values.keywords;
  if (values.participants.join() !== before.participants.join()) {
    body.participants = values.participants.map(Number);
  }
  return body as RecordSegmentUpdateBody;
}

/** A segment's title, start, synopsis, keywords, people heard and transcript, in a dialog. */
export function SegmentEditor({
  segment,
  lang,
  onClose,
}: {
  segment: RecordSegment | null;
  lang: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('records');
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Dialog
      opened={segment !== null}
      onClose={onClose}
      fullScreen={phone}
      size="lg"
      title={segment ? t('segments.editTitle', { time: clock(segment.start) }) : ''}
    >
      {segment ? (
        <SegmentForm key={segment.id} segment={segment} lang={lang} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}

function SegmentForm({
  segment,
  lang,
  onClose,
}: {
  segment: RecordSegment;
  lang: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('records');
  const update = useUpdateSegment();
  const server = useServerForm<Values>({
    initialValues: valuesOf(segment),
    validate: (values) => zodValidate(recordSegmentUpdateBody)(changesOf(values, segment)),
    send: async (values) => {
      const body = changesOf(values, segment);
      if (Object.keys(body).length > 0) await update.mutateAsync({ segment, body });
      onClose();
    },
  });
  const { form } = server;
  const dir = textDir(lang);
  return (
    <DialogForm server={server} onCancel={onClose} label={t('segments.save')}>
      <TextInput
        label={t('segments.fields.title')}
        data-autofocus
        lang={lang}
        dir={dir}
        maxLength={RECORD_SEGMENT_LIMITS.titleMaxLength}
        {...form.getInputProps('title')}
      />
      <TextInput
        label={t('segments.fields.start')}
        description={t('segments.fields.startHint')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        dir="ltr"
        inputMode="numeric"
        {...form.getInputProps('start')}
      />
      <Textarea
        label={t('segments.fields.synopsis')}
        autosize
        minRows={2}
        maxRows={8}
        lang={lang}
        dir={dir}
        {...form.getInputProps('synopsis')}
      />
      <TagsInput
        label={t('segments.fields.keywords')}
        description={t('segments.fields.keywordsHint')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        splitChars={[',', ';']}
        maxTags={RECORD_SEGMENT_LIMITS.keywordsMax}
        clearable
        {...form.getInputProps('keywords')}
      />
      <ParticipantsInput
        label={t('segments.fields.participants')}
        {...form.getInputProps('participants')}
      />
      <Textarea
        label={t('segments.fields.transcript')}
        autosize
        minRows={3}
        maxRows={12}
        lang={lang}
        dir={dir}
        {...form.getInputProps('transcript')}
      />
    </DialogForm>
  );
}
