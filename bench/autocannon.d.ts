// The part of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Requests to make in all; when set, `duration` is ignored. */
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    requests?: { setupRequest?: (request: RawRequest) => RawRequest }[];
    warmup?: { connections?: number; duration?: number };
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
