import { Empty, Spin, Tabs } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ScreenDef } from '@exship/contracts';
import { INTEGRATION_TABS } from '../../app/integration-tabs';
import { ScreenCard, useCan } from '../../shared/screen';
import './locales';

// Each tab is its own chunk, loaded when opened (the API document carries its generated examples).
const ApiKeysTab = lazy(() => import('./api-keys-tab'));
const ApiDocTab = lazy(() => import('./api-doc-tab'));
const WebhooksTab = lazy(() => import('./webhooks-tab').then((m) => ({ default: m.WebhooksTab })));
const tabFallback = <Spin style={{ display: 'block', margin: '48px auto' }} />;

/** One tab of the integrations screen: shown when the user holds `permission`. */
interface IntegrationTab {
  key: string;
  label: string;
  permission: string;
  render: () => ReactNode;
}

/**
 * SPEC §2 /app/integrations: what a seller connects to ExShip — one tab each, chosen by `?tab=`
 * (the first the user may see when the parameter is missing or not allowed).
 */
export default function IntegrationsPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const tabs: IntegrationTab[] = [
    {
      key: 'api-keys',
      label: t('integrations.apiKeys.tab'),
      permission: 'EX-API-KEY-GENERATE',
      render: () => (
        <Suspense fallback={tabFallback}>
          <ApiKeysTab />
        </Suspense>
      ),
    },
    {
      key: 'webhooks',
      label: t('integrations.webhooks.tab'),
      permission: 'EX-WEBHOOK-LIST',
      render: () => (
        <Suspense fallback={tabFallback}>
          <WebhooksTab />
        </Suspense>
      ),
    },
    {
      key: 'api-doc',
      label: t('integrations.apiDoc.tab'),
      // Whoever may make keys or manage integrations reads how to call the API.
      permission: 'EX-API-KEY-GENERATE__EX-INTEGRATION',
      render: () => (
        <Suspense fallback={tabFallback}>
          <ApiDocTab />
        </Suspense>
      ),
    },
    // The marketplace stores (Walmart), one tab each, from the app's list of integration tabs.
    ...INTEGRATION_TABS.map(({ key, label, permission, component: Tab }) => ({
      key,
      label,
      permission,
      render: () => (
        <Suspense fallback={tabFallback}>
          <Tab />
        </Suspense>
      ),
    })),
  ].filter((tab: IntegrationTab) => can(tab.permission));
  const active = tabs.find((tab) => tab.key === params.get('tab')) ?? tabs[0];
  return (
    <ScreenCard title={t('integrations.title')}>
      {active ? (
        <Tabs
          activeKey={active.key}
          onChange={(key) => setParams(key === tabs[0]!.key ? {} : { tab: key })}
          items={tabs.map((tab) => ({ key: tab.key, label: tab.label, children: tab.key === active.key && tab.render() }))}
        />
      ) : (
        <Empty description={t('integrations.empty')} />
      )}
    </ScreenCard>
  );
}
