// React Router's Link and NavLink without their data-discover attribute: it serves route discovery in React
// Router's framework mode, which this site does not use, and cost 600 bytes on a service page (6 MB of output
// at 10,000 services).
import { Link as RouterLink, NavLink as RouterNavLink, type LinkProps, type NavLinkProps } from 'react-router';

export const Link = (props: LinkProps) => <RouterLink discover="none" {...props} />;
export const NavLink = (props: NavLinkProps) => <RouterNavLink discover="none" {...props} />;
