import '../records.css';
import { EntityHistoryPage } from '@/shared/entity/EntityHistoryPage';
import { useRecordId } from '../hooks';
import { RECORD_DEFINITION } from '../recordEntity';

/** `/records/{record_id}/history`: the record's stored versions, each compared with the current. */
export default function RecordHistoryPage() {
  return <EntityHistoryPage definition={RECORD_DEFINITION} id={useRecordId() ?? 0} />;
}
