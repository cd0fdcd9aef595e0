import { describe, expect, it } from 'vitest';
import { takeOver } from '../test/take-over.tsx';
import { useWaitingWrites } from '../offline/waiting-to-send.tsx';
import { Dialog, DialogContent, DialogTrigger } from './dialog.tsx';

/**
 * Taking over a page the server rendered is one commit of what was on it: a part that renders again once it is taken
 * over does so synchronously (a store whose value differs from the server's, a state set as something mounts), in a
 * task that cannot yield, and on a phone it took the rest of the page's waiting parts with it (decision 091).
 */
function WaitingCount() {
  return <p>{useWaitingWrites(() => true).length} waiting</p>;
}

describe('taking over a page', () => {
  it('commits once with nothing waiting to send: the store starts as the server rendered it', async () => {
    expect((await takeOver(<WaitingCount />)).phases).toEqual(['mount']);
  });

  it('commits once with a closed dialog on the page, which mounts its content only when first opened', async () => {
    const { phases, container } = await takeOver(
      <Dialog>
        <DialogTrigger>Open</DialogTrigger>
        <DialogContent title="A dialog">
          <p>Inside</p>
        </DialogContent>
      </Dialog>,
    );
    expect(phases).toEqual(['mount']);
    expect(document.body.textContent).not.toContain('Inside');

    container.querySelector('button')!.click();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.body.textContent).toContain('Inside');
  });
});
