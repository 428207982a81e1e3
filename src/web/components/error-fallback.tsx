import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useT } from '../lib/i18n.ts';

/** What the user sees when a page fails to render or its code cannot be loaded. */
export function ErrorFallback({ inLayout = false }: { inLayout?: boolean }) {
  const t = useT();
  return (
    <Container size={560} py="xl" component={inLayout ? 'div' : 'main'}>
      <Stack gap="md" role="alert">
        <Title order={1}>{t('page.error.title')}</Title>
        <Text>{t('page.error.text')}</Text>
        <div>
          <Button onClick={() => window.location.reload()}>{t('page.error.reload')}</Button>
        </div>
      </Stack>
    </Container>
  );
}

/** The app-wide error boundary: a render error anywhere shows ErrorFallback instead of a blank page. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled render error', error, info.componentStack);
  }

  render() {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}
