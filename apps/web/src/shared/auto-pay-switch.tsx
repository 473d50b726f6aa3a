import { Switch } from 'antd';
import { profileApi } from '../api/endpoints';
import { session, useSession } from '../api/session';
import { useAction } from './use-action';

/**
 * SPEC §2 auto pay: new orders and surcharges are paid at once when the wallet covers them. One
 * switch for the profile settings and the billing wallet tab; it saves as soon as it is flipped
 * (PATCH /profile/update-setting { autoPay }) and moves the header's wallet boxes with it.
 */
export function AutoPaySwitch({ id, label }: { id?: string; label: string }) {
  const { profile } = useSession();
  const save = useAction((autoPay: boolean) => profileApi.updateSetting({ autoPay }), {
    success: 'profile.settingSaved',
    invalidate: [['wallet']],
    onSuccess: (res) => res.data?.id && session.setProfile(res.data),
  });
  return (
    <Switch
      id={id}
      aria-label={label}
      checked={save.variables ?? profile?.wallet.autoPay ?? false}
      loading={save.pending}
      onChange={(autoPay) => void save.run(autoPay)}
    />
  );
}
