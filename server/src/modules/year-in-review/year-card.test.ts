import { describe, expect, it } from 'vitest';
import { yearCardSvg, type CardData } from './year-card.ts';

const year = (language: CardData['language']): CardData => ({
  language,
  name: 'Ana <Lopez>',
  year: 2025,
  rated: 1234,
  averageRating: 7.75,
  albums: [{ title: 'Quiet & "Loud"', artist: 'Low' }],
});

describe("the year's card", () => {
  it("speaks its owner's language, numbers included", () => {
    expect(yearCardSvg(year('en'))).toContain(
      '<tspan font-weight="700">1,234</tspan> albums rated · average <tspan font-weight="700">7.8</tspan>/10',
    );
    expect(yearCardSvg(year('de'))).toContain(
      '<tspan font-weight="700">1.234</tspan> Alben bewertet · Schnitt <tspan font-weight="700">7,8</tspan>/10',
    );
    expect(yearCardSvg(year('ja'))).toContain('>の音楽<');
    expect(yearCardSvg(year('fr'))).toContain('en musique');
  });

  it('escapes what members wrote', () => {
    const svg = yearCardSvg(year('en'));
    expect(svg).toContain('ANA &#60;LOPEZ&#62;');
    expect(svg).toContain('Quiet &#38; &#34;Loud&#34;');
    expect(svg).not.toContain('<Lopez>');
  });
});
