import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DropdownMenu } from 'radix-ui';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InstallAppItem } from './install-app-item.tsx';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
const userAgent = navigator.userAgent;

function renderMenu() {
  return render(
    <>
      <DropdownMenu.Root open>
        <DropdownMenu.Content>
          <InstallAppItem Item={DropdownMenu.Item} className="" />
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      <Toaster />
    </>,
  );
}

afterEach(() => {
  window.__hearsayInstallPrompt = undefined;
  Object.defineProperty(navigator, 'userAgent', { value: userAgent, configurable: true });
});

describe('Install the app, in the account menu', () => {
  it('is not there while the browser cannot install the app', () => {
    renderMenu();
    expect(screen.queryByRole('menuitem', { name: 'Install the app' })).not.toBeInTheDocument();
  });

  it("appears when the browser offers to install, and opens the browser's prompt once", async () => {
    renderMenu();
    const prompt = vi.fn(() => Promise.resolve());
    const offer = Object.assign(new Event('beforeinstallprompt'), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => {
      window.__hearsayInstallPrompt = offer;
      window.dispatchEvent(new Event('hearsay:installable'));
    });
    await userEvent.click(screen.getByRole('menuitem', { name: 'Install the app' }));
    expect(prompt).toHaveBeenCalledOnce();
  });

  it('shows the Add to Home Screen steps in Safari on an iPhone', async () => {
    Object.defineProperty(navigator, 'userAgent', { value: IPHONE_SAFARI, configurable: true });
    renderMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Install the app' }));
    expect(await screen.findByText('In Safari, tap Share, then Add to Home Screen.')).toBeVisible();
  });
});
