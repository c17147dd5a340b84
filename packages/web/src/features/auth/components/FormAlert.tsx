// The form alert lives in shared/ui; this path stays until the pages that import it move over.
export { FormAlert } from '@/shared/ui/FormAlert';
