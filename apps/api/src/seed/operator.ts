import type { Config } from '../config';
import type { Database } from '../db/client';
import { type SiteUrls, storedLinkUrls } from '../lib/public-urls';
import { systemChange } from '../modules/audit/staff-change';
import {
  type ClientRow,
  createClient,
  type NewTerm,
  type NewVenue,
  type VenueRow,
} from '../modules/operator/operator.service';
import { addTerms, publishTheme, saveThemeDraft } from '../modules/operator/operator-setup.service';
import { type ThemeSettings, themeToWire } from '../modules/operator/theme.service';
import { createVenueSetup } from '../modules/operator/venue-setup.service';

/**
 * The demo operator: 'Riverside Leisure', a fictional operator with venues at real UK town-centre
 * coordinates. Street addresses, postcodes and phone numbers are made up (the phone numbers are in
 * Ofcom's ranges reserved for drama, so they never ring anyone).
 */

const demoClientSlug = 'riverside-leisure';

/** The operator's own theme: a deep-blue brand, the spec's font keys, solid secondary buttons. */
const operatorTheme: ThemeSettings = {
  appLogo: null,
  primaryColour: '#0B5CAD',
  secondaryColour1: '#0A3D62',
  secondaryColour2: '#12355B',
  darkBgColour: '#1D2433',
  headerBgColour: '#1D2433',
  headerPrimaryColour: '#FFFFFF',
  headingFontStyle: 'garage_gothic',
  bodyFontStyle: 'roboto',
  secondaryButtonStyle: 'solid',
};

interface DemoVenue extends NewVenue {
  opening: [days: string, hours: string][];
  /** Only the keys that differ from the operator's theme. */
  theme?: ThemeSettings;
}

const weekdayHours: [string, string][] = [
  ['Monday to Friday', '6:30am to 10:00pm'],
  ['Saturday', '8:00am to 6:00pm'],
  ['Sunday', '8:00am to 4:00pm'],
];

export const demoVenues: DemoVenue[] = [
  {
    slug: 'leeds-riverside',
    name: 'Riverside Leisure Centre Leeds',
    address1: '14 Wharfside Way',
    address2: 'Holbeck',
    town: 'Leeds',
    area: 'Yorkshire',
    postcode: 'LS11 5QT',
    lat: 53.7946,
    lng: -1.5528,
    phone: '0113 496 0112',
    email: 'leeds@riverside-leisure.example',
    opening: weekdayHours,
  },
  {
    slug: 'york-ouse-bank',
    name: 'Ouse Bank Leisure Centre York',
    address1: '3 Skeldergate Mews',
    address2: null,
    town: 'York',
    area: 'Yorkshire',
    postcode: 'YO1 6DQ',
    lat: 53.9562,
    lng: -1.0843,
    phone: '01632 960 211',
    email: 'york@riverside-leisure.example',
    opening: [
      ['Monday to Friday', '6:00am to 9:30pm'],
      ['Saturday and Sunday', '7:30am to 5:00pm'],
    ],
    // A teal venue brand: browser tests check this colour is applied.
    theme: { primaryColour: '#0B7A75', secondaryColour1: '#075E5A', secondaryColour2: '#0A4F4B' },
  },
  {
    slug: 'sheffield-don-valley',
    name: 'Don Valley Pool and Gym Sheffield',
    address1: '220 Attercliffe Works Road',
    address2: null,
    town: 'Sheffield',
    area: 'Yorkshire',
    postcode: 'S9 3RU',
    lat: 53.3811,
    lng: -1.4701,
    phone: '0114 496 0347',
    email: 'sheffield@riverside-leisure.example',
    opening: weekdayHours,
    theme: {
      primaryColour: '#A4262C',
      secondaryButtonStyle: 'outline',
      bodyFontStyle: 'lato',
    },
  },
  {
    slug: 'manchester-irwell-quays',
    name: 'Irwell Quays Fitness Manchester',
    address1: '9 Irwell Quays',
    address2: 'Water Street',
    town: 'Manchester',
    area: 'North West',
    postcode: 'M3 4JQ',
    lat: 53.4808,
    lng: -2.2426,
    phone: '0161 496 0581',
    email: 'manchester@riverside-leisure.example',
    opening: [
      ['Monday to Friday', '6:00am to 10:30pm'],
      ['Saturday and Sunday', '8:00am to 8:00pm'],
    ],
  },
  {
    slug: 'nottingham-trent-side',
    name: 'Trent Side Sports Centre Nottingham',
    address1: '41 Meadow Lane Walk',
    address2: null,
    town: 'Nottingham',
    area: 'East Midlands',
    postcode: 'NG2 3HX',
    lat: 52.9548,
    lng: -1.1581,
    phone: '0115 496 0723',
    email: 'nottingham@riverside-leisure.example',
    opening: weekdayHours,
  },
  {
    slug: 'bristol-harbourside',
    name: 'Harbourside Leisure Centre Bristol',
    address1: '2 Cumberland Basin Quay',
    address2: 'Spike Island',
    town: 'Bristol',
    area: 'South West',
    postcode: 'BS1 6XJ',
    lat: 51.4545,
    lng: -2.5879,
    phone: '0117 496 0456',
    email: 'bristol@riverside-leisure.example',
    opening: weekdayHours,
    theme: {
      primaryColour: '#5B2C86',
      secondaryColour1: '#3F1D5E',
      darkBgColour: '#24142F',
      headerBgColour: '#24142F',
      headingFontStyle: 'open_sans',
    },
  },
  {
    slug: 'cambridge-cam-meadows',
    name: 'Cam Meadows Swimming and Fitness Cambridge',
    address1: '18 Coe Fen Lane',
    address2: null,
    town: 'Cambridge',
    area: 'East of England',
    postcode: 'CB2 1RN',
    lat: 52.2053,
    lng: 0.1218,
    phone: '01632 960 418',
    email: 'cambridge@riverside-leisure.example',
    opening: [
      ['Monday to Friday', '6:30am to 9:00pm'],
      ['Saturday', '7:00am to 6:00pm'],
      ['Sunday', '9:00am to 5:00pm'],
    ],
  },
  {
    slug: 'exeter-exe-quay',
    name: 'Exe Quay Leisure Centre Exeter',
    address1: '5 Cricklepit Yard',
    address2: null,
    town: 'Exeter',
    area: 'South West',
    postcode: 'EX2 4AQ',
    lat: 50.7184,
    lng: -3.5339,
    phone: '01632 960 573',
    email: 'exeter@riverside-leisure.example',
    opening: weekdayHours,
  },
  {
    slug: 'durham-wear-riverside',
    name: 'Wear Riverside Sports Centre Durham',
    address1: '11 Framwellgate Steps',
    address2: null,
    town: 'Durham',
    area: 'North East',
    postcode: 'DH1 4QJ',
    lat: 54.7761,
    lng: -1.5733,
    phone: '01632 960 634',
    email: 'durham@riverside-leisure.example',
    opening: weekdayHours,
  },
  {
    slug: 'chester-dee-meadows',
    name: 'Dee Meadows Leisure Centre Chester',
    address1: '7 Groves Landing',
    address2: null,
    town: 'Chester',
    area: 'North West',
    postcode: 'CH1 1SZ',
    lat: 53.1934,
    lng: -2.8931,
    phone: '01632 960 795',
    email: 'chester@riverside-leisure.example',
    opening: [
      ['Monday to Friday', '7:00am to 9:00pm'],
      ['Saturday and Sunday', '8:00am to 4:00pm'],
    ],
  },
];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function telHref(phone: string): string {
  return `tel:+44${phone.replace(/\s/g, '').replace(/^0/, '')}`;
}

/** A venue's footer: address, opening hours, phone, and links into the three sub-sites. */
function venueFooterHtml(venue: DemoVenue, urls: SiteUrls): string {
  const address = [venue.address1, venue.address2, venue.town, venue.postcode]
    .filter((line): line is string => Boolean(line))
    .map(escapeHtml)
    .join('<br>');
  const hours = venue.opening
    .map(([days, time]) => `<li>${escapeHtml(days)}: ${escapeHtml(time)}</li>`)
    .join('');
  const phone = venue.phone ?? '';
  return [
    '<div class="venue-footer">',
    `<section><h2>${escapeHtml(venue.name)}</h2><address>${address}</address>`,
    `<p>Phone: <a href="${telHref(phone)}">${escapeHtml(phone)}</a></p>`,
    `<p>Email: <a href="mailto:${venue.email}">${venue.email}</a></p></section>`,
    `<section><h2>Opening hours</h2><ul>${hours}</ul><p>Bank holidays: 9:00am to 4:00pm.</p></section>`,
    '<section><h2>Useful links</h2><ul>',
    `<li><a href="${urls.bookings}/location/${venue.slug}">Book an activity at ${escapeHtml(venue.town)}</a></li>`,
    `<li><a href="${urls.joining}/centre/${venue.slug}">Join ${escapeHtml(venue.town)} online</a></li>`,
    `<li><a href="${urls.account}/">My account</a></li>`,
    '</ul></section>',
    '</div>',
  ].join('');
}

/** The operator's footer, shown before a venue is selected. */
function operatorFooterHtml(urls: SiteUrls): string {
  const towns = demoVenues.map((venue) => escapeHtml(venue.town)).join(', ');
  return [
    '<div class="operator-footer">',
    '<section><h2>Riverside Leisure</h2>',
    `<p>Pools, gyms, sports halls and classes across ${demoVenues.length} centres: ${towns}.</p>`,
    '<p>Customer services: <a href="tel:+441134960100">0113 496 0100</a>, Monday to Friday 9:00am to 5:00pm.</p>',
    '<p>Email: <a href="mailto:help@riverside-leisure.example">help@riverside-leisure.example</a></p></section>',
    '<section><h2>Useful links</h2><ul>',
    `<li><a href="${urls.bookings}/">Find a centre</a></li>`,
    `<li><a href="${urls.joining}/">Buy a membership</a></li>`,
    `<li><a href="${urls.account}/">My account</a></li>`,
    '</ul></section>',
    '<p>Riverside Leisure is a fictional operator used to demonstrate this application.</p>',
    '</div>',
  ].join('');
}

// ---- Terms ---------------------------------------------------------------------------------------

function termsHtml(intro: string, sections: [heading: string, paragraphs: string[]][]): string {
  const body = sections
    .map(
      ([heading, paragraphs], index) =>
        `<h3>${index + 1}. ${heading}</h3>${paragraphs.map((text) => `<p>${text}</p>`).join('')}`,
    )
    .join('');
  return `<p>${intro}</p>${body}<p>Last updated 1 September 2026.</p>`;
}

const termsAndConditions = termsHtml(
  'These terms apply to your Riverside Leisure account and to everything you book or buy with it. Please read them carefully: by creating an account you agree to them.',
  [
    [
      'Your account',
      [
        'You must be 16 or over to hold an account. A parent or guardian may hold accounts for children and is responsible for their bookings.',
        'Keep your password private. You are responsible for bookings made with your account until you tell us it has been used by someone else.',
        'Your details must be accurate and kept up to date, especially your contact details and emergency contact.',
      ],
    ],
    [
      'Bookings',
      [
        'A booking is confirmed when you receive a confirmation email. Places are limited and are offered in the order bookings are completed.',
        'Please arrive ten minutes before an activity starts. A late arrival may lose the place without a refund so that the activity can start safely.',
        'You may cancel a booking up to the cancellation cut-off shown on the booking. Cancellations before the cut-off may be credited to your account.',
      ],
    ],
    [
      'Memberships',
      [
        'Memberships paid monthly continue until you cancel them. Payments are taken by direct debit on your billing day.',
        'A membership may be frozen for the periods and at the charges shown when you freeze it.',
        'Some memberships require proof of eligibility (for example a student card). If we do not receive it in time, the membership may be changed to the standard price.',
      ],
    ],
    [
      'Using our centres',
      [
        'Follow the instructions of our staff and the rules displayed at each centre. We may refuse entry or end a membership for behaviour that puts others at risk.',
        'Lockers are provided for your convenience; we are not responsible for items left in them except where the law says we are.',
        'Tell us about any medical condition that may affect your safety before you take part in an activity.',
      ],
    ],
    [
      'Prices and payments',
      [
        'Prices are shown in pounds sterling and include VAT where it applies. Prices may change; a change to a membership price is notified at least 30 days before it takes effect.',
        'Account credit can be spent on bookings and purchases and expires on the date shown with it.',
      ],
    ],
    [
      'Changes to these terms',
      [
        'We may change these terms. We will tell you about important changes by email at least 30 days before they take effect.',
        'If you do not agree to a change you may close your account and cancel your membership before the change takes effect.',
      ],
    ],
    [
      'Contact and complaints',
      [
        'Contact customer services at help@riverside-leisure.example or at any centre reception. We aim to answer within five working days.',
        'These terms are governed by the law of England and Wales.',
      ],
    ],
  ],
);

const privacyPolicy = termsHtml(
  'This policy explains how Riverside Leisure collects and uses personal data about you when you use our centres, this website and our apps.',
  [
    [
      'Who we are',
      [
        'Riverside Leisure is the controller of your personal data. You can contact our data protection lead at privacy@riverside-leisure.example.',
      ],
    ],
    [
      'What we collect',
      [
        'Your name, contact details, date of birth, address and emergency contact, which you give us when you create an account.',
        'Your bookings, memberships, payments and visits to our centres.',
        'Health information you choose to give us so that we can keep you safe during activities.',
        'Technical data such as your browser type and the pages you visit, collected to keep the website secure and working.',
      ],
    ],
    [
      'How we use it',
      [
        'To provide your account, bookings and memberships, and to take payments.',
        'To contact you about your bookings and memberships, and about changes to our services.',
        'To meet our legal obligations, for example health and safety records and accounting.',
        'With your consent only, to send you news and offers. You can withdraw your consent at any time.',
      ],
    ],
    [
      'Who we share it with',
      [
        'Payment and direct debit providers, to take your payments. They act on our instructions.',
        'Our IT suppliers, who host our systems under contracts that protect your data.',
        'The police or other authorities when the law requires it.',
      ],
    ],
    [
      'How long we keep it',
      [
        'We keep account data while your account is open and for six years after it closes, to meet accounting and legal requirements.',
        'Visit records are kept for two years.',
        'Closed-circuit television recordings at our centres are kept for thirty days unless they are needed to investigate an incident.',
      ],
    ],
    [
      'Your rights',
      [
        'You may ask for a copy of your data, ask us to correct or delete it, object to its use, or ask us to restrict its use.',
        "You may complain to the Information Commissioner's Office if you are unhappy with how we use your data.",
      ],
    ],
  ],
);

/**
 * The operator's terms. The terms of sale come first so that they have the stable id 1 that tools of
 * the original platform send in `checkout/complete`'s `terms`. The Direct Debit Guarantee is a
 * `direct_debit` term (seed/memberships.ts), asked for only when a basket holds a direct debit membership.
 */
const demoTerms: NewTerm[] = [
  {
    context: 'checkout',
    title: 'Terms of Sale',
    html: termsHtml('These terms apply to everything you buy in the basket.', [
      [
        'Your order',
        [
          'Your order is complete when payment is taken and you receive a confirmation email.',
          'Bookings are for the named attendee and cannot be transferred.',
        ],
      ],
      [
        'Cancellations and refunds',
        [
          'Activities cancelled before the cancellation cut-off are credited to your account. We do not refund activities cancelled after it.',
          'If we cancel an activity you may choose a full refund or account credit.',
        ],
      ],
    ]),
    position: 1,
  },
  { context: 'registration', title: 'Terms and Conditions', html: termsAndConditions, position: 1 },
  { context: 'registration', title: 'Privacy Policy', html: privacyPolicy, position: 2 },
];

export interface SeededOperator {
  client: ClientRow;
  venues: VenueRow[];
}

/** Seeds the demo operator; undefined when its client already exists (another process seeded it). */
export async function seedOperator(db: Database, config: Config): Promise<SeededOperator | undefined> {
  const client = await createClient(db, {
    slug: demoClientSlug,
    name: 'Riverside Leisure',
    appName: 'Riverside Leisure',
    currency: 'GBP',
    supportEmail: 'help@riverside-leisure.example',
    onlineJoiningEnabled: true,
    onlineJoiningMapEnabled: true,
    onlineGuestPassesEnabled: true,
    creditsEnabled: true,
    activitiesV2Enabled: false,
    displayVenueSelectionButton: true,
    eligibilityDaysAllowance: 14,
    kioskHomeUrl: null,
    // Stored HTML is served under every host name: same-origin paths unless sub-domains are set.
    footerHtml: operatorFooterHtml(storedLinkUrls(config.publicUrls)),
  });
  if (!client) return undefined;

  // The theme and terms go through the console's own services (issue 47), as the seeding system.
  const system = systemChange(client.id);
  const setTheme = async (venueId: number | null, theme: ThemeSettings) => {
    await saveThemeDraft(db, client.id, system, venueId, themeToWire(theme));
    await publishTheme(db, client.id, system, venueId);
  };
  await setTheme(null, operatorTheme);

  const venues: VenueRow[] = [];
  for (const demo of demoVenues) {
    const { opening: _opening, theme, ...venue } = demo;
    // Through the console's own service (issue 47), audited as the system's change.
    const row = await createVenueSetup(
      db,
      systemChange(client.id),
      {
        slug: venue.slug,
        name: venue.name,
        address1: venue.address1,
        address2: venue.address2 ?? null,
        town: venue.town,
        area: venue.area ?? '',
        postcode: venue.postcode,
        lat: venue.lat,
        lng: venue.lng,
        phone: venue.phone ?? null,
        email: venue.email ?? null,
      },
      { footerHtml: venueFooterHtml(demo, storedLinkUrls(config.publicUrls)) },
    );
    if (theme) await setTheme(row.id, theme);
    venues.push(row);
  }

  for (const { context, title, html, position } of demoTerms) {
    await addTerms(db, client.id, system, { context, title, html, position: position ?? 0 });
  }

  return { client, venues };
}
