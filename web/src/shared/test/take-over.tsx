import { Profiler, startTransition, type ProfilerOnRenderCallback, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach } from 'vitest';

let root: Root | undefined;
let container: HTMLElement | undefined;

afterEach(() => {
  root?.unmount();
  root = undefined;
  container?.remove();
  container = undefined;
});

/**
 * Renders `tree` to HTML as the server does, then takes it over as the app does (`hydrateRoot` in a transition), and
 * once all has settled says what the server sent, the page's element, each commit's phase (React's `Profiler`) and
 * every error React recovered from (a mismatch, after which it renders the page again).
 */
export async function takeOver(tree: ReactElement) {
  const phases: string[] = [];
  const errors: unknown[] = [];
  const onRender: ProfilerOnRenderCallback = (_id, phase) => void phases.push(phase);
  const page = (
    <Profiler id="page" onRender={onRender}>
      {tree}
    </Profiler>
  );
  const element = document.createElement('div');
  container = element;
  element.innerHTML = renderToString(page);
  const served = element.textContent;
  document.body.append(element);
  startTransition(() => {
    root = hydrateRoot(element, page, { onRecoverableError: (error) => errors.push(error) });
  });
  for (let round = 0; round < 5; round++) await new Promise((resolve) => setTimeout(resolve, 20));
  return { container: element, served, phases, errors };
}
