import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n, { allStringsOf } from '../i18n/index.ts';
import { RatingInput } from './rating-input.tsx';

const LABEL = 'Your rating of Kind of Blue';

function renderRating({ value = null, disabled = false }: { value?: number | null; disabled?: boolean } = {}) {
  const onChange = vi.fn<(value: number) => void>();
  const user = userEvent.setup();
  render(<RatingInput value={value} onChange={onChange} label={LABEL} disabled={disabled} />);
  const slider = screen.getByRole('slider', { name: LABEL });
  // jsdom lays nothing out: give the five stars a width of 200 px starting at x = 100.
  vi.spyOn(slider, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 100, y: 0, width: 200, height: 40 }));
  return { slider, onChange, user };
}

describe('RatingInput', () => {
  it('is a slider from 1 to 10 that announces the value and its label', () => {
    const { slider } = renderRating({ value: 7.5 });
    expect(slider).toHaveAttribute('aria-valuemin', '1');
    expect(slider).toHaveAttribute('aria-valuemax', '10');
    expect(slider).toHaveAttribute('aria-valuenow', '7.5');
    expect(slider).toHaveAttribute('aria-valuetext', '7.5 – Very good');
  });

  it("says the rating's word in the reader's language", async () => {
    await allStringsOf('de');
    try {
      const { slider } = renderRating({ value: 9 });
      expect(slider).toHaveAttribute('aria-valuetext', '9,0 – Hervorragend');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('asks for a rating while there is none', () => {
    const { slider } = renderRating();
    expect(slider).not.toHaveAttribute('aria-valuenow');
    expect(slider).toHaveAttribute('aria-valuetext', 'Select a rating');
  });

  describe('with a pointer', () => {
    it('previews the half step under the pointer and forgets it when the pointer leaves', async () => {
      const { slider, onChange, user } = renderRating({ value: 4 });
      await user.pointer({ target: slider, coords: { clientX: 205 } });
      expect(slider).toHaveAttribute('aria-valuetext', '5.5 – Average');
      await user.pointer({ target: slider, coords: { clientX: 300 } });
      expect(slider).toHaveAttribute('aria-valuetext', '10.0 – Masterpiece');
      await user.unhover(slider);
      expect(slider).toHaveAttribute('aria-valuenow', '4');
      expect(onChange).not.toHaveBeenCalled();
    });

    it('rates the half step that is clicked, never below 1', async () => {
      const { slider, onChange, user } = renderRating();
      await user.pointer({ keys: '[MouseLeft]', target: slider, coords: { clientX: 205 } });
      expect(onChange).toHaveBeenLastCalledWith(5.5);
      await user.pointer({ keys: '[MouseLeft]', target: slider, coords: { clientX: 100 } });
      expect(onChange).toHaveBeenLastCalledWith(1);
    });
  });

  describe('with the keyboard', () => {
    it('moves by half a point with the arrow keys and commits with Enter', async () => {
      const { slider, onChange, user } = renderRating({ value: 7 });
      await user.tab();
      expect(slider).toHaveFocus();
      await user.keyboard('{ArrowRight}{ArrowUp}');
      expect(slider).toHaveAttribute('aria-valuetext', '8.0 – Great');
      await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowDown}');
      expect(slider).toHaveAttribute('aria-valuenow', '6.5');
      expect(onChange).not.toHaveBeenCalled();
      await user.keyboard('{Enter}');
      expect(onChange).toHaveBeenCalledExactlyOnceWith(6.5);
    });

    it('jumps to the ends with Home and End, stays within 1 to 10 and commits with Space', async () => {
      const { slider, onChange, user } = renderRating();
      slider.focus();
      await user.keyboard('{End}{ArrowRight}');
      expect(slider).toHaveAttribute('aria-valuenow', '10');
      await user.keyboard('{Home}{ArrowLeft}');
      expect(slider).toHaveAttribute('aria-valuenow', '1');
      await user.keyboard(' ');
      expect(onChange).toHaveBeenCalledExactlyOnceWith(1);
    });

    it('starts from 1 when there is no rating yet', async () => {
      const { slider, user } = renderRating();
      slider.focus();
      await user.keyboard('{ArrowRight}');
      expect(slider).toHaveAttribute('aria-valuenow', '1');
    });

    it('commits nothing when Enter comes before any change, and drops an uncommitted change on leaving', async () => {
      const { slider, onChange, user } = renderRating({ value: 3 });
      slider.focus();
      await user.keyboard('{Enter}');
      await user.keyboard('{ArrowRight}');
      expect(slider).toHaveAttribute('aria-valuenow', '3.5');
      await user.tab();
      expect(slider).toHaveAttribute('aria-valuenow', '3');
      expect(onChange).not.toHaveBeenCalled();
    });
  });

  it('takes no input while disabled', async () => {
    const { slider, onChange, user } = renderRating({ value: 6, disabled: true });
    expect(slider).toHaveAttribute('aria-disabled', 'true');
    await user.tab();
    expect(slider).not.toHaveFocus();
    slider.focus();
    await user.keyboard('{ArrowRight}{Enter}');
    await user.pointer({ keys: '[MouseLeft]', target: slider, coords: { clientX: 290 } });
    expect(slider).toHaveAttribute('aria-valuenow', '6');
    expect(onChange).not.toHaveBeenCalled();
  });

  describe('under a dragging finger', () => {
    afterEach(() => vi.unstubAllGlobals());
    const phone = (reducedMotion: boolean) => {
      const vibrate = vi.fn(() => true);
      vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { vibrate }));
      vi.stubGlobal('matchMedia', (query: string) => ({ matches: reducedMotion && query.includes('reduce'), media: query }));
      return vibrate;
    };
    /** A finger pressed on the stars, dragged across these x positions (the stars span 100–300). */
    const dragAcross = (slider: HTMLElement, ...xs: number[]) => {
      fireEvent.pointerDown(slider, { pointerType: 'touch', buttons: 1, clientX: xs[0] });
      for (const x of xs) fireEvent.pointerMove(slider, { pointerType: 'touch', buttons: 1, clientX: x });
    };

    it('pulses once for each half step crossed, not while staying on one', () => {
      const vibrate = phone(false);
      const { slider } = renderRating();
      // 5.0, 5.0, 5.5, 6.0, 6.0
      dragAcross(slider, 195, 198, 205, 215, 218);
      expect(vibrate).toHaveBeenCalledTimes(2);
      expect(vibrate).toHaveBeenCalledWith(expect.any(Number));
    });

    it('stays still for someone who asked for less motion, for a mouse, and where the phone cannot', () => {
      const vibrate = phone(true);
      const { slider } = renderRating();
      dragAcross(slider, 195, 215, 235);
      fireEvent.pointerMove(slider, { pointerType: 'mouse', buttons: 0, clientX: 255 });
      fireEvent.pointerMove(slider, { pointerType: 'mouse', buttons: 0, clientX: 275 });
      expect(vibrate).not.toHaveBeenCalled();
      vi.unstubAllGlobals();
      vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { vibrate: undefined }));
      vi.stubGlobal('matchMedia', () => ({ matches: false }));
      expect(() => dragAcross(slider, 195, 215, 235)).not.toThrow();
    });
  });
});
