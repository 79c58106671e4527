import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

type Props = { name: string; children: ReactNode };

/** One failing panel shows its own error instead of blanking the whole wizard. */
export class SectionBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`${this.props.name} failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="space-y-3">
        <Alert>Something went wrong while showing {this.props.name}.</Alert>
        <Button variant="secondary" onClick={() => this.setState({ failed: false })}>
          Try again
        </Button>
      </div>
    );
  }
}

/** A read failed: say so (the screen's message, or 'Failed to get {what}.') and offer to try again. */
export function LoadError({ message, what, onRetry }: { message?: string; what?: string; onRetry: () => void }) {
  return (
    <div className="space-y-3">
      <Alert>{message ?? `Failed to get ${what ?? 'this'}. Please try again.`}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
