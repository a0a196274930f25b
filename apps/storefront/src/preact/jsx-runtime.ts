// `react/jsx-runtime` in this app's build (vite.config.ts): Preact's JSX functions, after ./react
// has adjusted Preact to what React Aria expects, whichever module a bundle reaches first.
import './react';

export * from 'preact/jsx-runtime';
