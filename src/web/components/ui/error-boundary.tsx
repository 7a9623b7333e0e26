import { Component, type ErrorInfo, type ReactNode } from 'react';
import { toast } from 'react-toastify';

interface ErrorBoundaryProps {
  /** Named in the toast, e.g. 'Admin area'. */
  area: string;
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: Error | null;
}

/** Catches render errors of a guarded area; keep it keyed by the path so navigating away resets it. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[${this.props.area}]`, error, info.componentStack);
    toast.error(`Error in ${this.props.area}: ${error.message || 'Please try again later'}`, {
      toastId: `error-boundary-${this.props.area}`,
    });
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="rounded-lg border border-red-800 bg-red-950/50 p-6 text-center">
        <h2 className="text-xl font-semibold text-red-300">Something went wrong</h2>
        <p className="mt-2 text-slate-300">{error.message || 'Please try again later'}</p>
      </div>
    );
  }
}
