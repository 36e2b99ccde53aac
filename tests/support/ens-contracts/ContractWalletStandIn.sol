// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A smart-contract wallet for the tests of EIP-1271 signatures: it holds names and vouches for what
// its owner key signed (as a Safe with one owner, or a Coinbase Smart Wallet, would).
contract ContractWalletStandIn {
    address public immutable owner;

    constructor(address walletOwner) {
        owner = walletOwner;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        return ecrecover(hash, v < 27 ? v + 27 : v, r, s) == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}
