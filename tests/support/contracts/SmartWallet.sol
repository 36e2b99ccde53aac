// A minimal smart-contract wallet for sign-in tests: EIP-1271 `isValidSignature` accepts a hash
// signed by its one owner key. And a factory, for wallets used before they are deployed (EIP-6492
// signatures carry the factory call).
pragma solidity ^0.4.24;

contract OwnerWallet {
  address public owner;

  constructor(address _owner) public {
    owner = _owner;
  }

  function isValidSignature(bytes32 hash, bytes signature) public view returns (bytes4) {
    if (signature.length != 65) return 0xffffffff;
    bytes32 r;
    bytes32 s;
    uint8 v;
    assembly {
      r := mload(add(signature, 32))
      s := mload(add(signature, 64))
      v := byte(0, mload(add(signature, 96)))
    }
    if (v < 27) v += 27;
    address signer = ecrecover(hash, v, r, s);
    return signer != address(0) && signer == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
  }
}

// CREATE, not CREATE2: solc 0.4 emits CREATE2 as the draft opcode 0xfb, invalid on every chain.
// A wallet's address is then the factory's address and nonce, so each counterfactual wallet of
// the tests has a fresh factory whose first deployment it is.
contract WalletFactory {
  function deploy(address owner) public returns (address) {
    return new OwnerWallet(owner);
  }
}
