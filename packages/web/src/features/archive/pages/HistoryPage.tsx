import '../archive.css';
import { useParams } from '@tanstack/react-router';
import { EntityHistoryPage } from '@/shared/entity/EntityHistoryPage';
import { itemDefinition } from '../itemEntity';
import { parseId, parseTypeParam } from '../itemTypes';

/** `/history/{type}/{id}`: an item's stored versions, each compared with the current one. */
export default function HistoryPage() {
  const params = useParams({ strict: false }) as { type?: string; id?: string };
  const type = parseTypeParam(params.type) ?? 'post';
  return <EntityHistoryPage definition={itemDefinition(type)} id={parseId(params.id) ?? 0} />;
}
