import { Modal, type ModalProps } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/react';

/** A modal dialog whose close button is named in the interface language. */
export function Dialog(props: ModalProps) {
  const { t } = useTranslation('common');
  return <Modal closeButtonProps={{ 'aria-label': t('actions.close') }} {...props} />;
}
