import { notificationKindLabels, type notificationKinds } from '@school/contract/notifications';
import { useNotificationPreview } from '../api/get-notification-preview.ts';
import { MessageTextDialog } from './message-dialog.tsx';

/** A sample of a kind's message, about a made-up student: its subject and its words. */
export function PreviewDialog({ kind, onClose }: { kind: (typeof notificationKinds)[number]; onClose: () => void }) {
  const { data, error, isPending } = useNotificationPreview(true);
  const sample = data?.find((item) => item.kind === kind);
  const shown = sample && { caption: 'A sample about a made-up student', subject: sample.subject, text: sample.text };
  return (
    <MessageTextDialog title={`Preview: ${notificationKindLabels[kind]}`} what="preview" shown={shown} isPending={isPending} error={error} onClose={onClose} />
  );
}
