import { formatDateTime } from '@exship/domain';
import { useSession } from '../../api/session';

/** docs/engineering.md "Time": DD-MM-YYYY HH:mm:ss in the signed-in user's offset. */
export function useFormatDate() {
  const { profile } = useSession();
  return (value: string | null | undefined) => (value ? formatDateTime(value, profile?.timeZone) : '—');
}
