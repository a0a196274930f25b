import { MailingListPanel } from '@site/ui';
import { useMailingLists } from '../api/mailing-lists';

export interface NewsletterConnectionProps {
  listId: string;
  doubleOptIn: boolean;
  isReadOnly: boolean;
  onChange: (change: { listId?: string; doubleOptIn?: boolean }) => void;
}

/** The newsletter block's mailing-list connection, under its inspector, with the site's lists. */
export function NewsletterConnection({
  listId,
  doubleOptIn,
  isReadOnly,
  onChange,
}: NewsletterConnectionProps) {
  const lists = useMailingLists();
  return (
    <MailingListPanel
      lists={lists.data ?? []}
      isLoading={lists.isPending}
      loadError={lists.error?.message}
      listId={listId}
      doubleOptIn={doubleOptIn}
      isReadOnly={isReadOnly}
      manageHref="/config/mailing-lists"
      onConnect={(id) => onChange({ listId: id })}
      onDisconnect={() => onChange({ listId: '' })}
      onDoubleOptInChange={(value) => onChange({ doubleOptIn: value })}
    />
  );
}
