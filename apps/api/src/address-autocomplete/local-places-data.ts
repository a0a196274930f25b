/**
 * The local provider's places: real towns with one of their real postal codes each (a town with
 * several appears once per code it lists). Typed here by hand; small on purpose (see README.md).
 */
export interface LocalPlace {
  city: string;
  /** The state or province as the checkout's region field takes it; '' where addresses name none. */
  region: string;
  postalCode: string;
  country: string;
}

const place = (city: string, region: string, postalCode: string, country: string): LocalPlace => ({
  city,
  region,
  postalCode,
  country,
});

export const LOCAL_PLACES: readonly LocalPlace[] = [
  place('Austin', 'TX', '78701', 'US'),
  place('Boston', 'MA', '02108', 'US'),
  place('Chicago', 'IL', '60601', 'US'),
  place('Chicago', 'IL', '60614', 'US'),
  place('New York', 'NY', '10001', 'US'),
  place('New York', 'NY', '10013', 'US'),
  place('Portland', 'ME', '04101', 'US'),
  place('Portland', 'OR', '97201', 'US'),
  place('Portland', 'OR', '97205', 'US'),
  place('San Francisco', 'CA', '94103', 'US'),
  place('San Francisco', 'CA', '94110', 'US'),
  place('Seattle', 'WA', '98101', 'US'),
  place('Springfield', 'IL', '62701', 'US'),
  place('Springfield', 'MA', '01103', 'US'),
  place('Montréal', 'QC', 'H2Y 1C6', 'CA'),
  place('Toronto', 'ON', 'M5V 2T6', 'CA'),
  place('Vancouver', 'BC', 'V6B 1A1', 'CA'),
  place('Bristol', '', 'BS1 4DJ', 'GB'),
  place('Edinburgh', '', 'EH1 1YZ', 'GB'),
  place('London', '', 'EC1A 1BB', 'GB'),
  place('London', '', 'N1 9GU', 'GB'),
  place('Manchester', '', 'M1 1AE', 'GB'),
  place('Dublin', '', 'D02 X285', 'IE'),
  place('Melbourne', 'VIC', '3000', 'AU'),
  place('Sydney', 'NSW', '2000', 'AU'),
  place('Auckland', '', '1010', 'NZ'),
  place('Berlin', '', '10115', 'DE'),
  place('Berlin', '', '10117', 'DE'),
  place('Hamburg', '', '20095', 'DE'),
  place('München', '', '80331', 'DE'),
  place('Lyon', '', '69001', 'FR'),
  place('Paris', '', '75001', 'FR'),
  place('Paris', '', '75011', 'FR'),
  place('Madrid', '', '28013', 'ES'),
  place('Roma', '', '00186', 'IT'),
  place('Amsterdam', '', '1012 JS', 'NL'),
  place('Wien', '', '1010', 'AT'),
  place('Zürich', '', '8001', 'CH'),
  place('Stockholm', '', '111 52', 'SE'),
  place('København', '', '1050', 'DK'),
  place('Tokyo', 'Tokyo', '100-0005', 'JP'),
];
