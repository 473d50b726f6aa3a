import { useEffect, useState } from 'react';
import { Image, Skeleton, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GetTopUpProofEndpoint, type EndpointReply, type ListTopUpsEndpoint, type TopUpStatus } from '@exship/contracts';
import { formatDateTime } from '@exship/domain';
import { download } from '../../../api/call';
import { useSession } from '../../../api/session';

export type TopUp = EndpointReply<typeof ListTopUpsEndpoint>['items'][number];

const STATUS_COLORS: Record<TopUpStatus, string> = { pending: 'gold', accepted: 'green', declined: 'red' };

/** SPEC §4 top-up request status as a coloured tag. */
export function TopUpStatusTag({ status }: { status: TopUpStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`billing.status.${status}`)}</Tag>;
}

/** DD-MM-YYYY HH:mm:ss in the user's offset (docs/engineering.md "Time"). */
export function useDateTime() {
  const { profile } = useSession();
  return (iso: string | null) => (iso ? formatDateTime(iso, profile?.timeZone) : '');
}

/** How long a request has waited: minutes under an hour, hours under two days, then days. */
export function waitingAge(createdAt: string, now: number): { key: string; count: number } {
  const minutes = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 60_000));
  if (minutes < 60) return { key: 'billing.review.waitingMinutes', count: Math.max(1, minutes) };
  if (minutes < 48 * 60) return { key: 'billing.review.waitingHours', count: Math.floor(minutes / 60) };
  return { key: 'billing.review.waitingDays', count: Math.floor(minutes / (24 * 60)) };
}

/** "Waiting 3 h" beside a pending request, kept current while the list is open. */
export function WaitingAge({ createdAt }: { createdAt: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const age = waitingAge(createdAt, now);
  return <Tag color="orange">{t(age.key, { count: age.count })}</Tag>;
}

/**
 * The proof photo of a request: fetched with the session (it is served to its owner and staff only),
 * shown as a thumbnail that opens a full-size preview.
 */
export function ProofImage({ topUp, size = 56 }: { topUp: Pick<TopUp, 'id' | 'amount'>; size?: number }) {
  const { t } = useTranslation();
  const proof = useQuery({
    queryKey: ['top-up-proof', topUp.id],
    queryFn: ({ signal }) => download(GetTopUpProofEndpoint, { params: { id: topUp.id }, signal }),
    staleTime: Infinity,
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!proof.data) return;
    const objectUrl = URL.createObjectURL(proof.data.blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [proof.data]);
  if (proof.isError) return <Typography.Text type="danger">{t('billing.proof.failed')}</Typography.Text>;
  if (!url) return <Skeleton.Image active style={{ width: size, height: size }} aria-label={t('billing.proof.loading')} />;
  return (
    <Image
      src={url}
      width={size}
      height={size}
      style={{ objectFit: 'cover', borderRadius: 6, border: '1px solid #e2e8f0' }}
      alt={t('billing.proof.view')}
      preview={{ mask: t('billing.proof.view') }}
    />
  );
}
