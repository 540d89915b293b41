import type { ReactNode } from 'react';
export default function RootLayout({ children }: { children: ReactNode }) {
  return (<html lang="en"><head><title>Empty</title><meta name="description" content="An empty Next.js page" /></head><body>{children}</body></html>);
}
