// A remote has no page of its own: the shell loads `./routes` through Module Federation.
export {};
