export interface PhoneAndMailProps {
  phone: string;
  mailbox: string;
  /** Terms of the two rows (already translated): hotline, e-mail. */
  phoneLabel: string;
  mailLabel: string;
  phoneClassName?: string | undefined;
}

/** The digits (and a leading +) of a phone number as shown, for a `tel:` link. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The company's hotline and mailbox as two rows of a `<dl>`, each a link that calls or writes. */
export function PhoneAndMail({ phone, mailbox, phoneLabel, mailLabel, phoneClassName }: PhoneAndMailProps) {
  return (
    <>
      <div>
        <dt>{phoneLabel}</dt>
        <dd>
          <a href={telHref(phone)} className={phoneClassName}>
            {phone}
          </a>
        </dd>
      </div>
      <div>
        <dt>{mailLabel}</dt>
        <dd>
          <a href={`mailto:${mailbox}`}>{mailbox}</a>
        </dd>
      </div>
    </>
  );
}
