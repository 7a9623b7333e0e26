import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { createQueryClient } from '../lib/query-client';

/** Everything above the router: data cache and the toast host (top-right, dark, 3 s). */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {/* Mounted before the routes: effects run in tree order, and a toast fired by a page's first
          effect (e.g. 'Using referral code: …' on a fresh load) needs the container listening. */}
      <ToastContainer position="top-right" theme="dark" autoClose={3000} newestOnTop />
      {children}
    </QueryClientProvider>
  );
}
