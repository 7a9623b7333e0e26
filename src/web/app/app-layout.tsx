import { Component, lazy, Suspense, type ReactNode } from 'react';
import { SharedLayout } from '../components/layouts/shared-layout';

// Loaded once someone is signed in (the header shows it only then): the landing page's first
// load stays within its budget.
const NotificationBell = lazy(async () => ({
  default: (await import('../features/notifications')).NotificationBell,
}));

/**
 * The bell is an extra: if its code cannot be loaded (a deploy replaced the files under an open
 * tab) or it fails, the header goes on without it rather than the whole screen failing.
 */
class WithoutOnFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error): void {
    console.error('[Notification bell]', error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/** The shared layout with what the app's features add to the header: the notification bell. */
export function AppLayout() {
  return (
    <SharedLayout
      headerActions={
        <WithoutOnFailure>
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        </WithoutOnFailure>
      }
    />
  );
}
