export interface Site {
  name: string;
}
