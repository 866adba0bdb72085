import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import { antdLocaleOf, useLocale } from '../i18n/index.ts';
import { queryClient } from './queryClient.ts';

export function Providers({ children }: { children: ReactNode }) {
  const locale = useLocale();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocaleOf(locale)}>{children}</ConfigProvider>
    </QueryClientProvider>
  );
}
