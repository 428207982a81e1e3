import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { syncSoon } from '../../../lib/offline/app-sync.ts';
import type { SyncState } from '../../../lib/offline/sync.ts';
import type { GameSnapshot } from '../../../lib/offline/types.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { waitingText } from './live-count-model.ts';

/**
 * The heading, how many taps wait, what the sync loop is doing, and 'Sync now', on two lines whose
 * space is kept whatever they say.
 */
export function SyncBar({
  snapshot,
  sync,
  subtitle,
}: {
  snapshot: GameSnapshot | null;
  sync: SyncState;
  subtitle: string;
}) {
  const t = useT();
  const online = useOnline();
  // Opening the view moves the focus to its heading (the 'Count live' button is gone).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const waiting = snapshot?.pending ?? 0;
  let line = t('tracker.live.sync.online');
  if (!online || sync.phase === 'offline') line = t('tracker.live.sync.offline');
  else if (sync.phase === 'signed-out') line = t('tracker.live.sync.signedOut');
  else if (sync.phase === 'sending') line = t('tracker.live.sync.sending');
  else if (sync.phase === 'failed') line = t('tracker.live.sync.failed');
  return (
    <Stack gap={2}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="center">
        <Title
          order={1}
          ref={heading}
          tabIndex={-1}
          fz={{ base: 24, sm: 30 }}
          style={{ whiteSpace: 'nowrap', outline: 'none' }}
        >
          {t('tracker.live.title')}
        </Title>
        <Badge
          size="xl"
          radius="sm"
          variant="filled"
          color={waiting > 0 ? WAITING_COLOR : SENT_COLOR}
          style={{ flexShrink: 0, textTransform: 'none' }}
        >
          {snapshot ? waitingText(t, waiting) : '…'}
        </Badge>
      </Group>
      <Text fz="sm" c="dimmed" truncate>
        {subtitle}
      </Text>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="center">
        {/* Wraps rather than cut ('En línea: cada toque se e…' at 390 px). */}
        <Text
          fz="sm"
          fw={600}
          style={{ minWidth: 0 }}
          title={sync.phase === 'failed' && sync.message ? t.said(sync.message) : undefined}
        >
          {line}
        </Text>
        <Button size="sm" h={40} variant="default" onClick={() => void syncSoon()} style={{ flexShrink: 0 }}>
          {t('tracker.live.sync.now')}
        </Button>
      </Group>
    </Stack>
  );
}

// Dark enough for white text (4.5:1 and more).
const WAITING_COLOR = '#a33b00';
const SENT_COLOR = '#1e6b30';
