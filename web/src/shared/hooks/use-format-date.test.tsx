import { describe, expect, it } from 'vitest';
import { takeOver } from '../test/take-over.tsx';
import { formatDate } from '../lib/format-date.ts';
import { RenderedAt, RenderedTimeZone, useFormatDate, useTimeAgo } from './use-format-date.ts';

/**
 * Moments on a page the server rendered are written in the time zone the server knew for the reader, and the browser
 * takes the page over without a mismatch (which React answers by throwing the page away and rendering it again).
 */
const MOMENT = '2024-03-05T12:00:00Z';
const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
// A zone where that moment falls on another day than in the browser's (UTC+14 or UTC-11).
const otherZone =
  formatDate(MOMENT, 'en', 'date', 'Pacific/Kiritimati') === formatDate(MOMENT, 'en') ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';

function Posted() {
  const formatMoment = useFormatDate();
  return <time dateTime={MOMENT}>{formatMoment(MOMENT, 'dateTime')}</time>;
}

/** The page rendered "on the server" in `zone`, taken over by the browser. */
const takeOverIn = (zone: string) =>
  takeOver(
    <RenderedTimeZone value={zone}>
      <Posted />
    </RenderedTimeZone>,
  );

describe('moments on a page rendered on the server', () => {
  it('are written in the zone the server was told, and taken over in one commit when it is the browser’s', async () => {
    const { served, container, phases, errors } = await takeOverIn(browserZone);
    expect(served).toBe(formatDate(MOMENT, 'en', 'dateTime'));
    expect(container.textContent).toBe(served);
    expect(phases).toEqual(['mount']);
    expect(errors).toEqual([]);
  });

  it('are taken over without a mismatch when the server wrote them in another zone, then shown in the browser’s', async () => {
    const { served, container, errors } = await takeOverIn(otherZone);
    expect(served).toBe(formatDate(MOMENT, 'en', 'dateTime', otherZone));
    expect(served).not.toBe(formatDate(MOMENT, 'en', 'dateTime'));
    expect(errors).toEqual([]);
    expect(container.textContent).toBe(formatDate(MOMENT, 'en', 'dateTime'));
  });
});

function Played({ moment }: { moment: string }) {
  const timeAgo = useTimeAgo();
  return <span>{timeAgo(moment)}</span>;
}

describe('"… ago" on a page rendered on the server', () => {
  it('counts from when the server rendered the page while the browser takes it over, then from now', async () => {
    // The server rendered the page a minute ago, 30 seconds after the moment.
    const renderedAt = Date.now() - 60_000;
    const moment = new Date(renderedAt - 30_000).toISOString();
    const { served, container, errors } = await takeOver(
      <RenderedAt value={renderedAt}>
        <Played moment={moment} />
      </RenderedAt>,
    );
    expect(served).toBe('30 seconds ago');
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('1 minute ago');
  });
});
