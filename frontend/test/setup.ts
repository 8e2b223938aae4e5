import '@testing-library/jest-dom';

import { TextDecoder, TextEncoder } from 'node:util';

// react-router reads these; jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Under a full parallel run on two cores a click → request → store → render chain can take more
// than Testing Library's default second; a real failure still fails, only later.
import { configure } from '@testing-library/react';
configure({ asyncUtilTimeout: 5000 });
