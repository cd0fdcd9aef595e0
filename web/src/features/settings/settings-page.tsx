import { Tabs as Primitive } from 'radix-ui';
import { Bell, Headphones, KeyRound, Link2, LogOut, Palette, Shield, UserRound } from 'lucide-react';
import type { ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { signOut } from '../../shared/auth/session.ts';
import { Container } from '../../shared/ui/card.tsx';
import { AccountTab } from './account-tab.tsx';
import { ConnectedAccountsTab } from './connected-accounts-tab.tsx';
import { BlockedPeopleSection } from './blocked-people-section.tsx';
import { AppearanceTab } from './appearance-tab.tsx';
import { NotificationsTab } from './notifications-tab.tsx';
import { MessagePrivacySection, SharingSection } from './privacy-sections.tsx';
import { ProfileVisibilitySection, YourDataSection } from './profile-visibility-section.tsx';
import { ListeningTab } from './listening-tab.tsx';
import { SecurityTab } from './security-tab.tsx';

const TABS = [
  { id: 'account', icon: UserRound },
  { id: 'notifications', icon: Bell },
  { id: 'privacy', icon: Shield },
  { id: 'appearance', icon: Palette },
  { id: 'connected', icon: Link2 },
  { id: 'listening', icon: Headphones },
  { id: 'security', icon: KeyRound },
] as const;
type TabId = (typeof TABS)[number]['id'];

/**
 * Settings (spec §2): side tabs on wide screens, a scrolling row on phones; the open tab lives in the URL (?tab=).
 * `listeningForwarding`: the Listening tab's section that forwards listens, from the listening feature.
 */
export function SettingsPage({ listeningForwarding }: { listeningForwarding?: ComponentType } = {}) {
  const { t } = useTranslation('settings');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const requested = params.get('tab');
  const tab: TabId = TABS.some((entry) => entry.id === requested) ? (requested as TabId) : 'account';

  return (
    <Container className="py-8 sm:py-12">
      <title>{`${t('title')} · Hearsay`}</title>
      <h1 className="mb-6 font-display text-3xl font-semibold text-ink sm:text-4xl">{t('title')}</h1>
      <Primitive.Root
        value={tab}
        onValueChange={(value) => setParams({ tab: value }, { replace: true })}
        orientation="vertical"
        className="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[14rem_minmax(0,1fr)]"
      >
        <div className="flex min-w-0 flex-col gap-2">
          <Primitive.List aria-label={t('title')} className="flex flex-wrap gap-1 md:flex-col md:flex-nowrap">
            {TABS.map(({ id, icon: Icon }) => (
              <Primitive.Trigger
                key={id}
                value={id}
                className="flex shrink-0 items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm font-medium text-ink-muted hover:bg-surface-2 hover:text-ink data-[state=active]:bg-accent-soft data-[state=active]:text-ink"
              >
                <Icon aria-hidden className="size-4" />
                {t(`tabs.${id}`)}
              </Primitive.Trigger>
            ))}
          </Primitive.List>
          <button
            type="button"
            onClick={() => void signOut(queryClient).finally(() => navigate('/', { replace: true }))}
            className="flex items-center gap-3 self-start rounded-xl px-3 py-2.5 text-left text-sm font-medium text-danger hover:bg-danger-soft md:self-stretch"
          >
            <LogOut aria-hidden className="size-4" />
            {t('signOut')}
          </button>
        </div>
        <div className="min-w-0">
          <Primitive.Content value="account">
            <AccountTab />
          </Primitive.Content>
          <Primitive.Content value="notifications">
            <NotificationsTab />
          </Primitive.Content>
          <Primitive.Content value="privacy">
            <div className="flex flex-col gap-6">
              <ProfileVisibilitySection />
              <SharingSection />
              <MessagePrivacySection />
              <BlockedPeopleSection />
              <YourDataSection />
            </div>
          </Primitive.Content>
          <Primitive.Content value="appearance">
            <AppearanceTab />
          </Primitive.Content>
          <Primitive.Content value="connected">
            <ConnectedAccountsTab />
          </Primitive.Content>
          <Primitive.Content value="listening">
            <ListeningTab forwarding={listeningForwarding} />
          </Primitive.Content>
          <Primitive.Content value="security">
            <SecurityTab />
          </Primitive.Content>
        </div>
      </Primitive.Root>
    </Container>
  );
}
