/*
 * Component tests run in happy-dom (it has <dialog>; jsdom does not): start the file with
 * `// @vitest-environment happy-dom` and import
 * `render` and friends from here, so every test unmounts what it rendered.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// findBy*/waitFor wait for a condition; this is only their bound. On CI's two shared cores a
// page's first render after its data arrives has taken over a second (the default bound).
configure({ asyncUtilTimeout: 10_000 });

export { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
export { default as userEvent } from '@testing-library/user-event';
