/*
 * Component tests run in happy-dom (it has <dialog>; jsdom does not): start the file with
 * `// @vitest-environment happy-dom` and import
 * `render` and friends from here, so every test unmounts what it rendered.
 */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

export { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
export { default as userEvent } from '@testing-library/user-event';
