import { startTransition, Suspense, useEffect, useState, type ComponentType } from 'react';
import { hydrateRoot, createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Deferred from './deferred.tsx';
import type * as HydratesApartModule from './hydrates-apart.tsx';
import type * as TakenOverModule from './taken-over.ts';

// The mark and the parts are module state, as in the app: each test starts from fresh modules and an unmarked page.
let modules: { deferred: typeof Deferred; hydratesApart: typeof HydratesApartModule; takenOver: typeof TakenOverModule };
let root: Root | undefined;
let container: HTMLElement;

beforeEach(async () => {
  vi.resetModules();
  modules = {
    deferred: await import('./deferred.tsx'),
    hydratesApart: await import('./hydrates-apart.tsx'),
    takenOver: await import('./taken-over.ts'),
  };
  delete document.documentElement.dataset.ready;
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  root?.unmount();
  root = undefined;
  container.remove();
  delete document.documentElement.dataset.ready;
});

/** Which parts had been taken over (their effects had run) at the moment the page was marked ready. */
function watchReadiness(log: string[]): Promise<string[]> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!document.documentElement.hasAttribute('data-ready')) return;
      observer.disconnect();
      resolve([...log]);
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-ready'] });
  });
}

/** A screen as the layout renders it: in a Suspense boundary, with TakenOver beside it, and two deferred parts inside. */
function page(log: string[], parts: { First: ComponentType; Second: ComponentType }) {
  const { TakenOver } = modules.takenOver;
  function Screen() {
    useEffect(() => void log.push('screen'), []);
    return (
      <section>
        <h1>Screen</h1>
        <parts.First />
        <parts.Second />
      </section>
    );
  }
  return (
    <div>
      <header>Header</header>
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
        <TakenOver />
      </Suspense>
    </div>
  );
}

function part(log: string[], name: string): ComponentType {
  return function Part() {
    useEffect(() => void log.push(name), []);
    return <button type="button">{name}</button>;
  };
}

describe('the page is marked ready', () => {
  it('once the screen and every deferred part the server rendered on it are taken over, not with the screen alone', async () => {
    const log: string[] = [];
    const { deferred, loadParts } = modules.deferred;
    const parts = {
      First: deferred('first', async () => part(log, 'first')),
      Second: deferred('second', async () => part(log, 'second')),
    };
    await loadParts(['first', 'second']);
    container.innerHTML = renderToString(page([], parts));
    expect(container.querySelectorAll('button')).toHaveLength(2);

    const takenOverAtReady = watchReadiness(log);
    modules.takenOver.expectTakeover();
    startTransition(() => {
      root = hydrateRoot(container, page(log, parts));
    });

    // React takes the screen's boundary over first, then each part's boundary in a pass of its own.
    expect(await takenOverAtReady).toEqual(['screen', 'first', 'second']);
    expect(container.querySelectorAll('button')).toHaveLength(2);
  });

  it('when the app renders from the shell, without waiting for a part whose code has not arrived', async () => {
    const log: string[] = [];
    const { deferred } = modules.deferred;
    const parts = {
      First: deferred('first', async () => part(log, 'first')),
      // Its code never arrives: the page must not stay inert for it.
      Second: deferred('second', () => new Promise<ComponentType>(() => {})),
    };
    const takenOverAtReady = watchReadiness(log);
    root = createRoot(container);
    root.render(page(log, parts));

    expect(await takenOverAtReady).toEqual(['screen']);
  });

  it('once every part hydrated apart is taken over too, and a click on one before then is answered', async () => {
    const log: string[] = [];
    const { HydratesApart } = modules.hydratesApart;
    const { TakenOver } = modules.takenOver;
    function Counter() {
      const [clicks, setClicks] = useState(0);
      useEffect(() => void log.push('below the fold'), []);
      return (
        <button type="button" onClick={() => setClicks(clicks + 1)}>
          {`Clicked ${clicks}`}
        </button>
      );
    }
    function Screen() {
      useEffect(() => void log.push('screen'), []);
      return (
        <section>
          <h1>Screen</h1>
          <HydratesApart>
            <Counter />
          </HydratesApart>
        </section>
      );
    }
    const app = (
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
        <TakenOver />
      </Suspense>
    );
    container.innerHTML = renderToString(app);

    const takenOverAtReady = watchReadiness(log);
    modules.takenOver.expectTakeover();
    startTransition(() => {
      root = hydrateRoot(container, app);
    });
    // Clicked before React has taken anything over: React takes the part over at once and the click counts.
    container.querySelector('button')!.click();

    expect(await takenOverAtReady).toEqual(['screen', 'below the fold']);
    expect(container.querySelector('button')?.textContent).toBe('Clicked 1');
  });
});
