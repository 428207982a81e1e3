import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';

export const FRIENDLY_ERROR =
  'Something went wrong on this page. Reload to try again; if it keeps happening, tell your league administrator.';

/** What the user sees when a page fails to render or its code cannot be loaded. */
export function ErrorFallback({ inLayout = false }: { inLayout?: boolean }) {
  return (
    <Container size={560} py="xl" component={inLayout ? 'div' : 'main'}>
      <Stack gap="md" role="alert">
        <Title order={1}>Something went wrong</Title>
        <Text>{FRIENDLY_ERROR}</Text>
        <div>
          <Button onClick={() => window.location.reload()}>Reload the page</Button>
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
