import { useState, type ReactNode } from 'react';
import { Button, Popconfirm, Tooltip, type ButtonProps } from 'antd';

/**
 * An icon button named by a tooltip that asks before it acts. The tooltip closes while the
 * confirmation is open: both open above the button, and the tooltip sat on the confirm button.
 */
export function ConfirmIconButton({
  tooltip,
  confirmTitle,
  okText,
  cancelText,
  onConfirm,
  danger = false,
  disabled = false,
  ...button
}: {
  tooltip: string;
  confirmTitle: ReactNode;
  okText: string;
  cancelText: string;
  onConfirm: () => unknown;
  danger?: boolean;
  disabled?: boolean;
} & Pick<ButtonProps, 'icon' | 'loading' | 'size'> & { 'aria-label'?: string }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Popconfirm title={confirmTitle} onConfirm={onConfirm} onOpenChange={setConfirming} okText={okText} cancelText={cancelText} okButtonProps={{ danger }} disabled={disabled}>
      <Tooltip title={tooltip} open={confirming ? false : undefined}>
        <Button size="small" danger={danger} disabled={disabled} aria-label={tooltip} {...button} />
      </Tooltip>
    </Popconfirm>
  );
}
