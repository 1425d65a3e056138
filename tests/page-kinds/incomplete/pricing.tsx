// A page kind module that forgot its paths and its head (tests/integration/pageKind.test.ts).
export const pages = () => [{ route: '/pricing/' }];

export default function Pricing() {
  return <p>Prices</p>;
}
