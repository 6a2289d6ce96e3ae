import { useLayoutWords } from '../layout/words.ts';
import type { WithdrawalSectionId } from '../../core/schema/legal.ts';
import type { OrderForm } from '../../core/schema/order-form.ts';
import type { PhoneScript } from '../../core/schema/phone-script.ts';
import type { Prices, VatWording } from '../../core/schema/prices.ts';
import type { Site } from '../../core/schema/site.ts';
import { CallButton } from '../components/ContactButtons.tsx';
import { formatGermanDate } from '../../core/format.ts';
import { Block, FillFields, PhoneScriptBlock, Signature, TickList, WithdrawalBlock } from './OrderFormParts.tsx';
import { JobBlock } from './OrderJob.tsx';

export interface OrderFormProps {
  site: Site;
  prices: Prices;
  vat: VatWording;
  form: OrderForm;
  /** The version of the withdrawal texts the form carries, "2026-11-24". */
  stand: string;
  /** The version of the AGB the customer agrees to. */
  agbStand: string | undefined;
  /** The sections of data/legal/widerruf.md, rendered: the same HTML the AGB include. */
  withdrawal: Record<WithdrawalSectionId, { heading: string; html: string }>;
  /** What we say on the phone before we drive (data/phone-script.yaml), printed as said. */
  phoneScript: PhoneScript;
}

/** Who takes the order: the business, its address, phone and e-mail. */
function ContractorBlock({ site, form }: { site: Site; form: OrderForm }) {
  const { address } = site;
  return (
    <Block id="auftragnehmer" heading={form.contractor}>
      <p>
        {site.legalName}
        <br />
        {address.street}, {address.postalCode} {address.city}
        <br />
        {`${form.contractorContact.phone}: `}
        <CallButton site={site} location="order" className="order-phone" plain>
          {site.phone.display}
        </CallButton>
        <br />
        {`${form.contractorContact.email}: `}<a href={`mailto:${site.email}`}>{site.email}</a>
      </p>
    </Block>
  );
}

// The order form /auftrag (docs/decisions.md, 'Order form /auftrag'): on screen a page of the
// site, on paper an A4 form (templates/styles/order-form.css) that the customer signs before work
// starts and keeps a copy of, which makes it the durable medium § 356 Abs. 4 Nr. 2 b and § 312f
// Abs. 1 BGB ask for.
export function OrderFormPage({ site, prices, vat, form, stand, agbStand, withdrawal, phoneScript }: OrderFormProps) {
  const layout = useLayoutWords();
  return (
    <div className="container page-narrow order-form">
      <h1>{form.heading}</h1>
      <p className="order-version">
        {`${layout.version}: `}<time dateTime={stand}>{formatGermanDate(stand)}</time>
      </p>
      <p className="order-lead no-print">{form.lead}</p>

      <ContractorBlock site={site} form={form} />

      <Block id="auftraggeber" heading={form.customer.heading}>
        <FillFields labels={form.customer.fields} />
        <div className="tick-row">
          <p>{form.customer.ordered.label}:</p>
          <TickList options={form.customer.ordered.options} />
        </div>
        <div className="tick-row">
          <p>{form.customer.authorisation.label}:</p>
          <TickList options={form.customer.authorisation.options} />
        </div>
      </Block>

      <Block id="telefon" heading={form.phone.heading}>
        <FillFields labels={form.phone.fields} />
        <p className="fine-print">{form.phone.guarantee}</p>
      </Block>

      <JobBlock prices={prices} vat={vat} words={form.job} />

      <Block id="agb" heading={form.terms.heading}>
        <p>
          {form.terms.consent}
          {agbStand && (
            <>
              {' '}
              {`(${layout.version}: `}<time dateTime={agbStand}>{formatGermanDate(agbStand)}</time>)
            </>
          )}
        </p>
        <Signature label={form.terms.signature} />
      </Block>

      <WithdrawalBlock id="widerrufsrecht" section={withdrawal['widerrufsrecht']} />
      <Block id="sofortiger-beginn" heading={withdrawal['sofortiger-beginn'].heading} className="order-legal">
        <div className="prose" dangerouslySetInnerHTML={{ __html: withdrawal['sofortiger-beginn'].html }} />
        <p>{form.declaration.text}</p>
        <Signature label={form.declaration.signature} />
      </Block>

      <Block id="unterschriften" heading={form.signatures.heading}>
        <p>{form.signatures.text}</p>
        <div className="signatures">
          <Signature label={form.signatures.customer} />
          <Signature label={form.signatures.technician} />
        </div>
      </Block>

      <Block id="ausfertigung" heading={form.copy.heading}>
        <p>{form.copy.text}</p>
        <Signature label={form.copy.signature} />
      </Block>

      <PhoneScriptBlock script={phoneScript} />

      <WithdrawalBlock id="widerrufsbelehrung" section={withdrawal['widerrufsbelehrung']} />
      <WithdrawalBlock id="muster-widerrufsformular" section={withdrawal['muster-widerrufsformular']} />
    </div>
  );
}
