// jest-dom's matchers (toBeInTheDocument, …) for every app's tests.
import '@testing-library/jest-dom';
