// `react` and `react-dom` in this app's build (vite.config.ts): preact/compat, plus three things
// React does that React Aria relies on and Preact does differently. Each one broke a shopper-visible
// behaviour in the end-to-end tests (apps/api/test/e2e); README.md, "Preact in the browser build".
import { options } from 'preact';
import React, { useState } from 'preact/compat';

// preact/compat is an ES module with named exports; its type declarations say `export =`.
// @ts-expect-error TS2498: `export *` of an `export =` declaration
export * from 'preact/compat';

// 1. useId. Preact numbers ids from the top of each render root (P0-0, P0-1, …) so that a server
// render and its hydration agree; every root on a page then hands out the same ids. This app has
// one root per enhanced marker (the pill cart, each add-to-cart button, the cart page, the
// additional-fields lightbox, …), so the lightbox's labels (React Aria's aria-labelledby, the
// form's own ids) pointed at elements of the cart page holding the same id, and its fields had no
// accessible name. React's client roots share one counter; so do these. Nothing here is hydrated,
// so ids need not match a server render. An own export takes precedence over `export *`, and
// React Aria calls `React.useId`, hence the default export as well.
let lastId = 0;
export function useId(): string {
  return useState(() => `p${(++lastId).toString(36)}`)[0];
}
export default { ...React, useId };

// 2. useEffect timing. Preact runs effects, and the cleanups of unmounted components' effects, after
// the next frame (requestAnimationFrame, then a timeout). React runs them right after the commit
// when the update came from a discrete event (a click, a key), and React Aria is built and tested
// on that. Its ModalOverlay makes the rest of the page `inert` in a useEffect and, on close, its
// FocusScope gives focus back to the opener in a requestAnimationFrame: with Preact's timing that
// frame came before the cleanup that lifts `inert`, the opener could not take focus and focus was
// lost to the body. Running the effects in a microtask after the commit keeps their order
// (cleanups of unmounted components first, then the others) and puts them before the next frame,
// as React does after a click or a key.
options.requestAnimationFrame = queueMicrotask;

// 3. Event fields. React hands handlers a SyntheticEvent whose fields (key, target, currentTarget,
// …) are own properties; Preact hands them the DOM event, whose fields are getters on its
// prototype. React Aria's keyboard handlers (useKeyboard: Escape in every Modal, the keys of every
// field) copy the event with an object spread, which keeps only own properties: the copy of a DOM
// event had no key and no currentTarget, the handler took it for an event that came through a
// portal and ignored it, and Escape did not close the modal. Own, enumerable accessors that
// forward to the prototype's getters (and setters: cancelBubble, returnValue) make the spread copy
// what it copies from React's events, read at the time of the copy, as React's are. The DOM event
// stays the same object and behaves the same; handlers reading its fields see the same values.
const accessors = new Map<object, [string, PropertyDescriptor][]>();

function accessorsOf(proto: object): [string, PropertyDescriptor][] {
  let list = accessors.get(proto);
  if (!list) {
    const seen = new Set<string>();
    list = [];
    for (
      let p: object | null = proto;
      p && p !== Object.prototype;
      p = Object.getPrototypeOf(p) as object | null
    ) {
      for (const [name, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(p))) {
        if (!descriptor.get || seen.has(name)) continue;
        seen.add(name);
        list.push([name, { get: descriptor.get, set: descriptor.set, enumerable: true, configurable: true }]);
      }
    }
    accessors.set(proto, list);
  }
  return list;
}

const previousEventHook = options.event;
options.event = (event: Event) => {
  const e = (previousEventHook ? previousEventHook(event) : event) as Event;
  // Once per event: it comes back here for each element with a handler on its way up.
  if (!Object.hasOwn(e, 'currentTarget')) {
    for (const [name, descriptor] of accessorsOf(Object.getPrototypeOf(e) as object))
      Object.defineProperty(e, name, descriptor);
  }
  return e;
};
