import type { FollowRequest, ProfileVisibility } from '@hearsay/contracts/profiles';
import { paths } from '@hearsay/contracts/paths';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';

import { Avatar } from '../../shared/ui/avatar.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { ErrorState, Spinner } from '../../shared/ui/skeleton.tsx';
import { DownloadMyData } from './download-my-data.tsx';
import { RemoteFollowRequests, useRemoteFollowRequests } from './remote-follow-requests.tsx';
import { SettingsSection } from './settings-section.tsx';
import { followRequestsQueryOptions, useAnswerFollowRequest, useSetVisibility, visibilityQueryOptions } from './api.ts';
import { useErrorText } from '../../shared/i18n/error-text.ts';

const VISIBILITIES: readonly ProfileVisibility[] = ['public', 'followers', 'private'];
const PAGE_SIZE = 20;

/** Settings → Privacy: who sees your profile, and the follow requests waiting for you. */
export function ProfileVisibilitySection() {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const current = useQuery(visibilityQueryOptions);
  const save = useSetVisibility();
  // The choice shows in the same render as the click; it returns to the stored one if saving fails.
  const [picked, setPicked] = useState<ProfileVisibility | null>(null);
  const chosen = picked ?? current.data?.visibility;
  const choose = (visibility: ProfileVisibility) => {
    setPicked(visibility);
    save.mutate(visibility, {
      onSuccess: () => toast.success(t('visibility.saved')),
      onError: (cause) => toast.error(errorText(cause, t('failed'))),
      onSettled: () => setPicked(null),
    });
  };
  return (
    <>
      <SettingsSection id="privacy-visibility" title={t('visibility.title')} description={t('visibility.description')}>
        {current.isPending ? (
          <Spinner />
        ) : current.isError ? (
          <ErrorState title={t('loadFailed')} onRetry={() => void current.refetch()} />
        ) : (
          <fieldset className="flex flex-col gap-4">
            <legend className="sr-only">{t('visibility.title')}</legend>
            {VISIBILITIES.map((visibility) => (
              <label key={visibility} className="flex items-start gap-3 text-sm text-ink">
                <input
                  type="radio"
                  name="profile-visibility"
                  className="mt-0.5 size-4 accent-[var(--color-accent)]"
                  checked={chosen === visibility}
                  disabled={save.isPending}
                  onChange={() => choose(visibility)}
                />
                <span>
                  <span className="font-medium">{t(`visibility.${visibility}.label`)}</span>
                  <span className="block text-ink-muted">{t(`visibility.${visibility}.hint`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
      </SettingsSection>
      <FollowRequestsSection />
    </>
  );
}

function FollowRequestsSection() {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const requests = useQuery(followRequestsQueryOptions(page, PAGE_SIZE));
  const answerRequest = useAnswerFollowRequest();
  const remote = useRemoteFollowRequests();
  const answer = (request: FollowRequest, approve: boolean) =>
    answerRequest.mutate(
      { request, approve },
      {
        onSuccess: () => toast.success(t(approve ? 'followRequests.approved' : 'followRequests.declined', { name: request.person.name })),
        onError: (cause) => toast.error(errorText(cause, t('failed'))),
      },
    );
  return (
    <SettingsSection id="privacy-follow-requests" title={t('followRequests.title')} description={t('followRequests.description')}>
      {requests.isPending ? (
        <Spinner />
      ) : requests.isError ? (
        <ErrorState title={t('loadFailed')} onRetry={() => void requests.refetch()} />
      ) : requests.data.items.length === 0 ? (
        remote.length === 0 ? (
          <p className="text-sm text-ink-muted">{t('followRequests.empty')}</p>
        ) : null
      ) : (
        <>
          <ul className="divide-y divide-line" aria-label={t('followRequests.title')}>
            {requests.data.items.map((request) => (
              <li key={request.person.id} className="flex flex-wrap items-center gap-3 py-3">
                <Avatar name={request.person.name} src={request.person.avatarUrl} size="sm" />
                <Link
                  to={paths.profile(request.person.username)}
                  className="min-w-0 flex-1 truncate text-sm font-medium text-ink hover:underline"
                >
                  {request.person.name} <span className="font-normal text-ink-muted">@{request.person.username}</span>
                </Link>
                <Button
                  size="sm"
                  disabled={answerRequest.isPending}
                  aria-label={t('followRequests.approve', { name: request.person.name })}
                  onClick={() => answer(request, true)}
                >
                  {t('followRequests.approveShort')}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={answerRequest.isPending}
                  aria-label={t('followRequests.decline', { name: request.person.name })}
                  onClick={() => answer(request, false)}
                >
                  {t('followRequests.declineShort')}
                </Button>
              </li>
            ))}
          </ul>
          <Pagination page={page} pages={requests.data.totalPages} onPageChange={setPage} />
        </>
      )}
      <RemoteFollowRequests people={remote} />
    </SettingsSection>
  );
}

/** Privacy → Your data: what the site keeps and why, and (once the export exists) a copy of everything. */
export function YourDataSection() {
  const { t } = useTranslation('settings');
  return (
    <SettingsSection id="privacy-data" title={t('yourData.title')} description={t('yourData.description')}>
      <DownloadMyData />
      <p className="mt-4 text-sm text-ink-muted">
        {t('yourData.policy')}{' '}
        <Link to="/privacy" className="font-medium text-accent underline-offset-2 hover:underline">
          {t('yourData.policyLink')}
        </Link>
      </p>
    </SettingsSection>
  );
}
