// `react-dom/client` in this app's build (vite.config.ts): Preact's createRoot, after ./react has
// adjusted Preact to what React Aria expects, whichever module a bundle reaches first.
import './react';

export * from 'preact/compat/client';
