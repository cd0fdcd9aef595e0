import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { allStringsReady } from './src/shared/i18n';

// jsdom lays nothing out. The review editor (ProseMirror) asks where the text and the caret are after every change;
// an empty answer is enough for it to carry on, and tests that need sizes stub them on their own elements.
// (A test of the server's renderer runs without a document.)
if (typeof document !== 'undefined') {
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  document.elementFromPoint = () => null;
}

afterEach(() => cleanup());

// A screen's first answer can take more than a second on a slow, busy machine (CI runs two test files at once):
// waitFor and findBy wait up to 5 s for what a person would see, rather than Testing Library's default of 1 s.
configure({ asyncUtilTimeout: 5000 });

// Screens render with every English string there, as they do once the app has started.
await allStringsReady;
