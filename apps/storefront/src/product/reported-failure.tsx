import { Component, type ReactNode } from 'react';
import { reportError } from '../tracking';

/**
 * Around a part of the page the visitor can do without (the instalment offer): if it fails to
 * render it is reported through error reporting and left out, never taking the page down with it
 * (storefront.md §8).
 */
export class ReportedFailure extends Component<{ kind: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error) {
    reportError(this.props.kind, error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
