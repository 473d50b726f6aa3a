import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Modal, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usd } from '../../shared/money';

/** Where a bulk payment is: sent and waiting, paid, or refused with the server's message. */
export type PayProgress =
  | { phase: 'running'; count: number }
  | { phase: 'done'; count: number; paid: number; amount: number; balanceAfter: number }
  | { phase: 'failed'; count: number; message: string };

/** While the one all-or-nothing request runs, the bar creeps towards 90 % and stops there until the reply. */
function useCreepingPercent(running: boolean): number {
  const [percent, setPercent] = useState(0);
  useEffect(() => {
    if (!running) return;
    setPercent(5);
    const timer = setInterval(() => setPercent((p) => Math.min(90, p + Math.max(1, Math.round((90 - p) / 8)))), 300);
    return () => clearInterval(timer);
  }, [running]);
  return running ? percent : 100;
}

/**
 * A bulk pay of N orders shows its progress. The server pays the set in one request (all
 * or nothing), so the bar follows the request; the result is the paid count, the amount and the
 * balance after, or the server's message naming the orders that could not be paid.
 */
export function PayProgressModal({ progress, onClose }: { progress: PayProgress | null; onClose: () => void }) {
  const { t } = useTranslation();
  const running = progress?.phase === 'running';
  const percent = useCreepingPercent(running);
  return (
    <Modal
      open={progress !== null}
      title={progress ? t('orders.pay.progressTitle', { count: progress.count }) : undefined}
      closable={!running}
      mask={{ closable: !running }}
      keyboard={!running}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} disabled={running}>
          {t('orders.pay.close')}
        </Button>
      }
    >
      {progress && (
        <>
          <Progress
            percent={percent}
            status={progress.phase === 'failed' ? 'exception' : progress.phase === 'done' ? 'success' : 'active'}
            aria-label={t('orders.pay.progressLabel')}
          />
          {progress.phase === 'running' && <Typography.Paragraph type="secondary">{t('orders.pay.running', { count: progress.count })}</Typography.Paragraph>}
          {progress.phase === 'done' && (
            <Descriptions column={1} size="small" style={{ marginTop: 12 }}>
              <Descriptions.Item label={t('orders.pay.result.paid')}>{progress.paid}</Descriptions.Item>
              <Descriptions.Item label={t('orders.pay.result.amount')}>{usd(progress.amount)}</Descriptions.Item>
              <Descriptions.Item label={t('orders.pay.result.balanceAfter')}>{usd(progress.balanceAfter)}</Descriptions.Item>
            </Descriptions>
          )}
          {progress.phase === 'failed' && <Alert type="error" showIcon style={{ marginTop: 12 }} title={t('orders.pay.failed')} description={progress.message} />}
        </>
      )}
    </Modal>
  );
}
